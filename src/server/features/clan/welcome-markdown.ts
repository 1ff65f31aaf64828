import MarkdownIt from 'markdown-it';

/**
 * The welcome text's Markdown as HTML safe to put in the page (issue 30): raw HTML in the source is
 * shown as text, never parsed; links and images only go to http(s) addresses (or the site's own
 * paths and anchors); and every link opens without handing the opener or the referrer to the target.
 */
const markdown = new MarkdownIt('default', { html: false, linkify: true, typographer: false });

const SAFE_URL = /^(https?:\/\/|\/(?!\/)|#)/i;
markdown.validateLink = (url) => SAFE_URL.test(url.trim());

const renderLinkOpen = markdown.renderer.rules.link_open;
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token && /^https?:/i.test(token.attrGet('href') ?? '')) {
    token.attrSet('rel', 'noopener noreferrer nofollow');
    token.attrSet('target', '_blank');
  }
  return renderLinkOpen
    ? renderLinkOpen(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

export function welcomeHtml(source: string): string {
  return markdown.render(source);
}
