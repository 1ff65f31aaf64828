import { describe, expect, it } from 'vitest';
import { welcomeHtml } from './welcome-markdown.ts';

describe('welcome Markdown', () => {
  it('renders headings, emphasis, lists and http(s) links', () => {
    const html = welcomeHtml(
      '# Hi\n\n**Bold** and *soft*\n\n- one\n- two\n\n[Wiki](https://oldschool.runescape.wiki)',
    );
    expect(html).toContain('<h1>Hi</h1>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain(
      '<a href="https://oldschool.runescape.wiki" rel="noopener noreferrer nofollow" target="_blank">Wiki</a>',
    );
  });

  it('shows raw HTML as text instead of parsing it', () => {
    const html = welcomeHtml('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps no link or image that is not http(s) or the site own', () => {
    for (const href of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
      '//evil.example/x',
    ]) {
      const html = welcomeHtml(`[x](${href}) ![y](${href})`);
      expect(html, href).not.toMatch(/<a |<img /);
    }
    expect(welcomeHtml('[Members](/members)')).toContain('<a href="/members">Members</a>');
  });
});
