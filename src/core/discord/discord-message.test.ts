import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordStandIn, type DiscordStandIn } from '#stand-ins/discord/index.ts';
import { characterCount, messageError } from '#stand-ins/discord/limits.ts';
import {
  cutLines,
  DISCORD_LIMITS,
  fitToDiscordLimits,
  withMentions,
  type DiscordEmbed,
  type DiscordMessage,
} from './discord-message.ts';

/** Discord counts code points: the stand-in's rule, which the fitter must agree with. */
const count = characterCount;

const lines = (total: number, line = (index: number) => `Member number ${index + 1}`) =>
  Array.from({ length: total }, (_, index) => line(index)).join('\n');

/** The "+N more" a cut list ends with, and the lines it kept before it. */
function cutList(text: string): { kept: string[]; more: number } {
  const all = text.split('\n');
  const match = /^\+(\d+) more$/.exec(all.at(-1) ?? '');
  expect(match, text).not.toBeNull();
  return { kept: all.slice(0, -1), more: Number(match?.[1]) };
}

function embedTotal(embeds: DiscordEmbed[] = []): number {
  return embeds.reduce(
    (sum, embed) =>
      sum +
      count(embed.title ?? '') +
      count(embed.description ?? '') +
      count(embed.footer?.text ?? '') +
      (embed.fields ?? []).reduce((fields, field) => fields + count(field.name) + count(field.value), 0),
    0,
  );
}

/** Every limit the site's fitter promises, checked one by one so a failure names the limit. */
function expectWithinLimits(message: DiscordMessage): void {
  expect(count(message.content ?? '')).toBeLessThanOrEqual(DISCORD_LIMITS.content);
  const embeds = message.embeds ?? [];
  expect(embeds.length).toBeLessThanOrEqual(DISCORD_LIMITS.embeds);
  for (const embed of embeds) {
    expect(count(embed.title ?? '')).toBeLessThanOrEqual(DISCORD_LIMITS.title);
    expect(count(embed.description ?? '')).toBeLessThanOrEqual(DISCORD_LIMITS.description);
    expect(count(embed.footer?.text ?? '')).toBeLessThanOrEqual(DISCORD_LIMITS.footer);
    const fields = embed.fields ?? [];
    expect(fields.length).toBeLessThanOrEqual(DISCORD_LIMITS.fields);
    for (const field of fields) {
      expect(count(field.name)).toBeLessThanOrEqual(DISCORD_LIMITS.fieldName);
      expect(count(field.value)).toBeLessThanOrEqual(DISCORD_LIMITS.fieldValue);
    }
  }
  expect(embedTotal(embeds)).toBeLessThanOrEqual(DISCORD_LIMITS.embedTotal);
  expect(message.allowed_mentions).toEqual({ parse: [] });
  expect(messageError(message as Record<string, unknown>)).toBeNull();
}

describe('cutLines', () => {
  it('leaves text within the limit as it is', () => {
    expect(cutLines('a\nb', 3)).toBe('a\nb');
  });

  it('cuts a long list at a line and counts the lines left out', () => {
    const text = lines(500);
    const cut = cutLines(text, 1000);
    expect(count(cut)).toBeLessThanOrEqual(1000);
    const { kept, more } = cutList(cut);
    expect(kept).toEqual(text.split('\n').slice(0, kept.length));
    expect(kept.length + more).toBe(500);
    // As many lines as fit: one more line and its "+N more" would not.
    expect(count(cutLines(text, 1000 + 'Member number 100'.length + 1))).toBeGreaterThan(count(cut));
  });

  it('counts a list already cut upstream once, with what it had left out', () => {
    const text = `${lines(10)}\n+40 more`;
    const { kept, more } = cutList(cutLines(text, 60));
    expect(kept.length + more).toBe(50);
  });

  it('cuts a single line too long in the middle, with an ellipsis', () => {
    const cut = cutLines('x'.repeat(5000), 4096);
    expect(cut).toBe(`${'x'.repeat(4095)}…`);
  });

  it('counts an emoji as one character and never splits one', () => {
    const text = '😀'.repeat(3000);
    const cut = cutLines(text, 2000);
    expect(count(cut)).toBe(2000);
    expect(cut.length).toBeGreaterThan(2000);
    expect(cut.endsWith('😀…')).toBe(true);
    expect(
      cutLines(
        lines(3, () => '😀'.repeat(100)),
        150,
      ),
    ).toBe(`${'😀'.repeat(100)}\n+2 more`);
  });

  it('cuts a list of many thousand lines in one pass (a join per try would outlast the test)', () => {
    const { kept, more } = cutList(cutLines(lines(50_000), 4096));
    expect(kept.length + more).toBe(50_000);
  });
});

describe('fitToDiscordLimits', () => {
  it('always disables mentions, even on a message within every limit', () => {
    const message = { content: '@everyone <@&123>', allowed_mentions: { parse: [] as [] } };
    expect(fitToDiscordLimits({ content: '@everyone <@&123>' })).toEqual(message);
    expect(fitToDiscordLimits({ embeds: [{ title: '@here' }] }).allowed_mentions).toEqual({ parse: [] });
  });

  it('gives an empty message a body Discord accepts', () => {
    for (const empty of [{}, { content: '' }, { embeds: [] }]) {
      const fitted = fitToDiscordLimits(empty);
      expect(count(fitted.content ?? '')).toBeGreaterThan(0);
      expect(messageError(fitted as Record<string, unknown>)).toBeNull();
    }
  });

  it('cuts content to 2,000 characters at a line, with "+N more"', () => {
    const fitted = fitToDiscordLimits({ content: lines(300) });
    expectWithinLimits(fitted);
    const { kept, more } = cutList(fitted.content ?? '');
    expect(kept.length + more).toBe(300);
  });

  it('cuts every text of an embed to its limit', () => {
    const fitted = fitToDiscordLimits({
      embeds: [
        {
          title: 'T'.repeat(300),
          description: lines(400),
          footer: { text: 'F'.repeat(3000) },
        },
      ],
    });
    expectWithinLimits(fitted);
    const [embed] = fitted.embeds ?? [];
    expect(count(embed?.title ?? '')).toBe(DISCORD_LIMITS.title);
    expect(embed?.title?.endsWith('…')).toBe(true);
    const { kept, more } = cutList(embed?.description ?? '');
    expect(kept.length + more).toBe(400);
  });

  it('leaves out the last fields when all together pass 6,000 characters, and counts them', () => {
    const fields = Array.from({ length: 40 }, (_, index) => ({
      name: `N${index}`.repeat(100),
      value: lines(100, (line) => `value ${index}.${line}`),
    }));
    const fitted = fitToDiscordLimits({ embeds: [{ title: 'Fields', fields }] });
    expectWithinLimits(fitted);
    const kept = fitted.embeds?.[0]?.fields ?? [];
    // 40 fields of 1,300 characters pass 6,000 together: the first four stay, the rest are counted.
    const more = /^\+(\d+) more$/.exec(kept.at(-1)?.value ?? '');
    expect(kept.length - 1 + Number(more?.[1])).toBe(40);
    kept.slice(0, -1).forEach((field, index) => {
      expect(fields[index]?.name.startsWith(field.name.replace(/…$/, ''))).toBe(true);
    });
  });

  it('keeps 24 fields and counts the rest in a 25th', () => {
    const fields = Array.from({ length: 40 }, (_, index) => ({ name: `Field ${index}`, value: 'v' }));
    const fitted = fitToDiscordLimits({ embeds: [{ title: 'Fields', fields }] });
    expectWithinLimits(fitted);
    const kept = fitted.embeds?.[0]?.fields ?? [];
    expect(kept).toHaveLength(DISCORD_LIMITS.fields);
    expect(kept.at(-1)?.value).toBe('+16 more');
  });

  it('cuts each field value to 1,024 characters at a line', () => {
    const value = lines(100, (line) => `value ${line}: ${'x'.repeat(20)}`);
    const fitted = fitToDiscordLimits({ embeds: [{ fields: [{ name: 'List', value }] }] });
    expectWithinLimits(fitted);
    const { kept, more } = cutList(fitted.embeds?.[0]?.fields?.[0]?.value ?? '');
    expect(kept.length + more).toBe(100);
  });

  it('gives a field with an empty name or value a body Discord accepts', () => {
    const fitted = fitToDiscordLimits({ embeds: [{ fields: [{ name: '', value: '' }] }] });
    expectWithinLimits(fitted);
  });

  it('keeps 9 embeds and counts the rest in a 10th', () => {
    const embeds = Array.from({ length: 14 }, (_, index) => ({ title: `Embed ${index}` }));
    const fitted = fitToDiscordLimits({ embeds });
    expectWithinLimits(fitted);
    expect(fitted.embeds).toHaveLength(DISCORD_LIMITS.embeds);
    expect(fitted.embeds?.slice(0, 9).map((e) => e.title)).toEqual(embeds.slice(0, 9).map((e) => e.title));
    expect(fitted.embeds?.[9]?.description).toBe('+5 more');
  });

  it('keeps all embeds together within 6,000 characters', () => {
    const embeds = Array.from({ length: 5 }, (_, index) => ({
      title: `Embed ${index}`,
      description: lines(300, (line) => `${index}: line ${line}`),
    }));
    const fitted = fitToDiscordLimits({ embeds });
    expectWithinLimits(fitted);
    expect(fitted.embeds?.[0]?.description).toBe(
      fitToDiscordLimits({ embeds: [embeds[0] as DiscordEmbed] }).embeds?.[0]?.description,
    );
  });

  it('counts the embeds left out to stay within 6,000 characters', () => {
    const embeds = Array.from({ length: 14 }, (_, index) => ({
      title: `Embed ${index}`,
      description: lines(200, (line) => `${index}: line ${line}`),
    }));
    const fitted = fitToDiscordLimits({ embeds });
    expectWithinLimits(fitted);
    const kept = fitted.embeds ?? [];
    expect(kept.slice(0, -1).map((embed) => embed.title)).toEqual(
      embeds.slice(0, kept.length - 1).map((embed) => embed.title),
    );
    const more = /^\+(\d+) more$/.exec(kept.at(-1)?.description ?? '');
    expect(kept.length - 1 + Number(more?.[1])).toBe(14);
  });

  it('fits one embed whose fields alone pass 6,000 characters', () => {
    const fields = Array.from({ length: 25 }, (_, index) => ({
      name: 'n'.repeat(256),
      value: `${index}`.repeat(1024).slice(0, 1024),
    }));
    expectWithinLimits(fitToDiscordLimits({ embeds: [{ title: 'Many fields', fields }] }));
  });

  it('counts emoji as Discord does: one character each', () => {
    const fitted = fitToDiscordLimits({
      content: '🎉'.repeat(2500),
      embeds: [{ title: '🏆'.repeat(300), description: '⚔️'.repeat(3000) }],
    });
    expectWithinLimits(fitted);
    expect(count(fitted.content ?? '')).toBe(DISCORD_LIMITS.content);
    expect(count(fitted.embeds?.[0]?.title ?? '')).toBe(DISCORD_LIMITS.title);
  });
});

/** Text of up to ~10,000 characters: words, emoji (one and several code points), line breaks. */
const text = fc
  .array(fc.constantFrom('word ', 'Zezima', '😀', '👨‍👩‍👧', '⚔️', 'é', '\n', '\n\n', 'x'.repeat(97)), {
    maxLength: 200,
  })
  .map((parts) => parts.join(''));

const embedArb: fc.Arbitrary<DiscordEmbed> = fc.record(
  {
    title: text,
    description: text,
    footer: fc.record({ text }),
    fields: fc.array(fc.record({ name: text, value: text }), { maxLength: 30 }),
  },
  { requiredKeys: [] },
);

const messageArb: fc.Arbitrary<DiscordMessage> = fc.record(
  { content: text, embeds: fc.array(embedArb, { maxLength: 14 }) },
  { requiredKeys: [] },
);

describe('fitted messages and the stand-in', () => {
  let standIn: DiscordStandIn;
  beforeAll(async () => {
    standIn = await startDiscordStandIn({ rateLimit: false });
  });
  afterAll(() => standIn.close());

  it('are within every limit, whatever went in', () => {
    fc.assert(
      fc.property(messageArb, (message) => {
        expectWithinLimits(fitToDiscordLimits(message));
      }),
      { numRuns: 300 },
    );
  });

  it('are all accepted by a stand-in over HTTP (no 400)', async () => {
    const { url } = standIn.createWebhook();
    await fc.assert(
      fc.asyncProperty(messageArb, async (message) => {
        const response = await fetch(`${url}?wait=true`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(fitToDiscordLimits(message)),
        });
        expect(response.status, await response.text()).toBe(200);
      }),
      { numRuns: 60 },
    );
  });
});

describe('withMentions', () => {
  const fitted = fitToDiscordLimits({ content: 'Zezima got a Twisted bow' });
  it('pings only the listed users, named at the start', () => {
    const message = withMentions(fitted, ['123', '456', '123']);
    expect(message.content).toBe('<@123> <@456>\nZezima got a Twisted bow');
    expect(message.allowed_mentions).toEqual({ parse: [], users: ['123', '456'] });
  });
  it('leaves a message for nobody unchanged, still pinging no one', () => {
    expect(withMentions(fitted, [])).toEqual(fitted);
    expect(withMentions(fitted, ['not-an-id'])).toEqual(fitted);
  });
  it('keeps within the content limit', () => {
    const long = fitToDiscordLimits({ content: 'line\n'.repeat(600) });
    const message = withMentions(long, ['123']);
    expect(message.content!.length).toBeLessThanOrEqual(DISCORD_LIMITS.content);
    expect(message.content!.startsWith('<@123>\n')).toBe(true);
  });
});
