import { describe, expect, it } from 'vitest';
import { formatLogLine } from './pretty-log-line.ts';

/** 09:05:07 local time, whatever the machine's time zone. */
const time = new Date(2024, 5, 1, 9, 5, 7).getTime();
const pinoLine = (fields: Record<string, unknown>) =>
  `${JSON.stringify({ level: 30, time, pid: 4242, hostname: 'clan-host', ...fields })}\n`;

describe('formatLogLine', () => {
  it('shows the local time, the level and the message, without pid and hostname', () => {
    expect(formatLogLine(pinoLine({ msg: 'Clan site ready' }))).toBe('09:05:07 INFO  Clan site ready');
  });

  it.each([
    [10, 'TRACE'],
    [20, 'DEBUG'],
    [40, 'WARN '],
    [50, 'ERROR'],
    [60, 'FATAL'],
  ])('names level %i %s, padded so messages line up', (level, name) => {
    expect(formatLogLine(pinoLine({ level, msg: 'm' }))).toBe(`09:05:07 ${name} m`);
  });

  it('adds the other fields as key=value, quoting only values a space or quote would blur', () => {
    const line = pinoLine({
      msg: 'WOM sync finished',
      reqId: 'req-1',
      job: 'wom sync',
      members: 150,
      ok: true,
      res: { statusCode: 200 },
    });
    expect(formatLogLine(line)).toBe(
      '09:05:07 INFO  WOM sync finished reqId=req-1 job="wom sync" members=150 ok=true res={"statusCode":200}',
    );
  });

  it("puts a multi-line message's later lines and an error's stack under the message", () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at run (job.ts:1:1)', code: 'E1' };
    expect(formatLogLine(pinoLine({ level: 50, msg: 'Sync failed\nsee below', err }))).toBe(
      [
        '09:05:07 ERROR Sync failed err={"code":"E1"}',
        '               see below',
        '               Error: boom',
        '                   at run (job.ts:1:1)',
      ].join('\n'),
    );
  });

  it('escapes control characters in the message, fields and stack, so a logged name cannot rewrite the line', () => {
    const name = 'evil\r09:05:07 INFO  forged \u001b[31mred\u009b2J\u0007';
    const err = { type: 'Error', message: name, stack: `Error: ${name}\n    at run (job.ts:1:1)` };
    expect(formatLogLine(pinoLine({ level: 50, msg: `Created "${name}"`, user: 'a\u001b[2Jb', err }))).toBe(
      [
        '09:05:07 ERROR Created "evil\\u000d09:05:07 INFO  forged \\u001b[31mred\\u009b2J\\u0007" user="a\\u001b[2Jb"',
        '               Error: evil\\u000d09:05:07 INFO  forged \\u001b[31mred\\u009b2J\\u0007',
        '                   at run (job.ts:1:1)',
      ].join('\n'),
    );
  });

  it('passes anything that is not a JSON object through unchanged', () => {
    expect(formatLogLine('not json\n')).toBe('not json');
    expect(formatLogLine('[1,2]\n')).toBe('[1,2]');
  });
});
