import { describe, expect, it } from 'vitest';
import { CliError } from '#shared/stand-in-cli.ts';
import { describeFaults, parseSimulatorCli, USAGE } from './cli-args.ts';

describe('simulator command line', () => {
  it("serves 150 members on port 4010 under WOM's rate limit, with no faults, when given nothing", () => {
    expect(parseSimulatorCli([])).toEqual({
      options: { port: 4010, rateLimit: { withoutKey: 20, withKey: 100 } },
      faults: { latencyMs: 0, errorRate: 0, down: false, hiscoresDown: false },
      forced429: 0,
      retryAfterSeconds: 60,
      downAfterSeconds: null,
      downForSeconds: null,
      help: false,
    });
  });

  it('reads the clan options and every fault knob from flags', () => {
    const cli = parseSimulatorCli([
      '--port',
      '0',
      '--host',
      '0.0.0.0',
      '--members',
      '500',
      '--seed',
      '7',
      '--group-id',
      '99',
      '--latency',
      '250',
      '--error-rate',
      '0.25',
      '--rate-limit',
      '20,100',
      '--force-429',
      '3',
      '--retry-after',
      '30',
      '--down-after',
      '60',
      '--down-for',
      '120',
      '--hiscores-down',
    ]);
    expect(cli).toEqual({
      options: {
        port: 0,
        host: '0.0.0.0',
        members: 500,
        seed: 7,
        groupId: 99,
        rateLimit: { withoutKey: 20, withKey: 100 },
      },
      faults: { latencyMs: 250, errorRate: 0.25, down: false, hiscoresDown: true },
      forced429: 3,
      retryAfterSeconds: 30,
      downAfterSeconds: 60,
      downForSeconds: 120,
      help: false,
    });
  });

  it('takes --flag=value, lets a later flag win, and gives a key five times the limit as WOM does', () => {
    const cli = parseSimulatorCli(['--latency=10', '--latency', '20', '--rate-limit=3', '--hiscores-down=0']);
    expect(cli.faults).toEqual({ latencyMs: 20, errorRate: 0, down: false, hiscoresDown: false });
    expect(cli.options.rateLimit).toEqual({ withoutKey: 3, withKey: 15 });
    expect(parseSimulatorCli(['--rate-limit', 'off']).options.rateLimit).toBe(false);
  });

  it('starts an outage at once when only its length is given, and stays down when only --down is', () => {
    expect(parseSimulatorCli(['--down-for', '30'])).toMatchObject({
      downAfterSeconds: 0,
      downForSeconds: 30,
    });
    expect(parseSimulatorCli(['--down'])).toMatchObject({ downAfterSeconds: 0, downForSeconds: null });
  });

  it('asks for help with --help or -h', () => {
    expect(parseSimulatorCli(['--help']).help).toBe(true);
    expect(parseSimulatorCli(['-h']).help).toBe(true);
    for (const flag of [
      '--latency',
      '--error-rate',
      '--rate-limit',
      '--force-429',
      '--retry-after',
      '--down-for',
    ])
      expect(USAGE).toContain(flag);
  });

  it.each([
    [['--latency'], '--latency needs a value'],
    [['--latency', '--down'], '--latency needs a value'],
    [['--latency', '-5'], "--latency needs a whole number from 0 to 600000, got '-5'"],
    [['--error-rate', '1.5'], "--error-rate needs a number from 0 to 1, got '1.5'"],
    [['--error-rate', 'lots'], "--error-rate needs a number from 0 to 1, got 'lots'"],
    [['--members', '2001'], "--members needs a whole number from 1 to 2000, got '2001'"],
    [
      ['--rate-limit', '1,2,3'],
      "--rate-limit needs <per minute>, <without key>,<with key> or off, got '1,2,3'",
    ],
    [['--down=maybe'], "--down is a switch: use 1/true or 0/false, got 'maybe'"],
    [['--chaos'], 'Unknown option --chaos'],
    [['-x'], 'Unknown option -x'],
    [['4010'], "Unexpected argument '4010'"],
  ])('refuses %j', (args, message) => {
    expect(() => parseSimulatorCli(args)).toThrow(new CliError(message));
  });

  it('describes the knobs for the start-up banner', () => {
    expect(describeFaults(parseSimulatorCli([]))).toEqual([
      '  latency:           0 ms',
      '  error rate:        0% of requests answer 500',
      '  rate limit:        20/min without a key, 100/min with one',
      '  forced 429s:       none',
      '  downtime:          none',
      '  hiscores:          up',
    ]);
    expect(describeFaults(parseSimulatorCli(['--rate-limit', 'off']))).toContain('  rate limit:        off');
    const faulty = parseSimulatorCli(
      '--latency 50 --error-rate 0.1 --rate-limit 20 --force-429 2 --retry-after 9 --down-after 5 --down-for 10 --hiscores-down'.split(
        ' ',
      ),
    );
    expect(describeFaults(faulty)).toEqual([
      '  latency:           50 ms',
      '  error rate:        10% of requests answer 500',
      '  rate limit:        20/min without a key, 100/min with one',
      '  forced 429s:       first 2, Retry-After 9 s',
      '  downtime:          HTML 503 5 s after start, for 10 s',
      '  hiscores:          down (player updates answer 503)',
    ]);
  });
});
