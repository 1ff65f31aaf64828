import { describe, expect, it } from 'vitest';
import { CliError } from '#shared/stand-in-cli.ts';
import { parseDiscordStandInCli } from './cli-args.ts';

describe('npm run discord-stand-in arguments', () => {
  it('starts with the defaults when given nothing', () => {
    expect(parseDiscordStandInCli([])).toEqual({ options: {}, help: false });
  });

  it('reads the port, host, bucket and strictness', () => {
    expect(
      parseDiscordStandInCli([
        '--port',
        '4010',
        '--host',
        '0.0.0.0',
        '--rate-limit',
        '30/60',
        '--strict',
        '--control',
      ]),
    ).toEqual({
      options: {
        port: 4010,
        host: '0.0.0.0',
        rateLimit: { limit: 30, windowMs: 60_000 },
        acceptUnknownWebhooks: false,
        control: true,
      },
      help: false,
    });
    expect(parseDiscordStandInCli(['--rate-limit=off']).options.rateLimit).toBe(false);
    expect(parseDiscordStandInCli(['--rate-limit=5/2.5']).options.rateLimit).toEqual({
      limit: 5,
      windowMs: 2_500,
    });
    expect(parseDiscordStandInCli(['--help']).help).toBe(true);
  });

  it.each([
    [['--port', '70000'], /--port needs a whole number/],
    [['--rate-limit', '5'], /--rate-limit needs/],
    [['--rate-limit', '0/2'], /--rate-limit needs/],
    [['--rate-limit', '5/0'], /--rate-limit needs/],
    [['--fail'], /Unknown option/],
  ])('refuses %j with a message naming the flag', (args, message) => {
    expect(() => parseDiscordStandInCli(args)).toThrow(CliError);
    expect(() => parseDiscordStandInCli(args)).toThrow(message);
  });
});
