import { describe, expect, it } from 'vitest';
import { momentImageName, withAttachedImage } from './attached-image.ts';
import { fitToDiscordLimits } from './discord-message.ts';

describe('an attached screenshot', () => {
  it('is sent as moment.webp, and not at all in another type', () => {
    expect(momentImageName('image/webp')).toBe('moment.webp');
    expect(momentImageName('IMAGE/WEBP')).toBe('moment.webp');
    expect(momentImageName('image/png')).toBeNull();
    expect(momentImageName('image/gif')).toBeNull();
  });

  it('shows in the first embed as an attachment, and survives fitting to the limits', () => {
    const message = withAttachedImage(
      { embeds: [{ title: 'Zezima: Olmlet' }, { title: 'Second' }] },
      'moment.jpg',
    );
    expect(message.embeds).toEqual([
      { title: 'Zezima: Olmlet', image: { url: 'attachment://moment.jpg' } },
      { title: 'Second' },
    ]);
    expect(fitToDiscordLimits(message).embeds?.[0]?.image).toEqual({ url: 'attachment://moment.jpg' });
  });

  it('leaves a message without embeds as it is', () => {
    const message = { content: 'Hello' };
    expect(withAttachedImage(message, 'moment.png')).toBe(message);
  });
});
