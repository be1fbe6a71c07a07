import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOOKING_UPDATE_MARKER } from '@chat/core';
import { AssistantMarkdown } from './assistant-markdown.js';

function renderMarkdown(text: string) {
  return render(<AssistantMarkdown text={text} />).container;
}

describe('AssistantMarkdown', () => {
  it('renders lists and bold text', () => {
    const container = renderMarkdown('We offer:\n\n- **Haircuts** daily\n- Colour\n\n1. one\n2. two');
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(container.querySelector('strong')).toHaveTextContent('Haircuts');
  });

  it('opens allowed links in a new tab without access to this page', () => {
    renderMarkdown('See [our site](https://example.com/book) for details.');
    const link = screen.getByRole('link', { name: 'our site' });
    expect(link).toHaveAttribute('href', 'https://example.com/book');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('allows mailto links', () => {
    renderMarkdown('Write to [us](mailto:hello@example.com).');
    expect(screen.getByRole('link', { name: 'us' })).toHaveAttribute('href', 'mailto:hello@example.com');
  });

  it('turns bare URLs into safe links', () => {
    renderMarkdown('Visit https://example.com today');
    expect(screen.getByRole('link', { name: 'https://example.com' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
  ])('renders a %s link as plain text', (url) => {
    const container = renderMarkdown(`Click [here](${url}) now`);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByText('here')).toBeInTheDocument();
  });

  it('drops raw HTML: no script, image or handler reaches the page', () => {
    const container = renderMarkdown(
      'Hello\n\n<script>window.hacked = true</script>\n\n<img src="x" onerror="window.hacked = true">\n\nText with <b onclick="x()">inline</b> html',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('[onerror], [onclick]')).toBeNull();
    expect(container).not.toHaveTextContent('window.hacked');
    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('never loads Markdown images, showing their alt text instead', () => {
    const container = renderMarkdown('Look: ![our salon](https://example.com/tracker.png)');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('our salon')).toBeInTheDocument();
  });

  it('removes the booking-update marker', () => {
    const container = renderMarkdown(`${BOOKING_UPDATE_MARKER}ABC-123`);
    expect(container).toHaveTextContent(/^ABC-123$/);
    expect(container).not.toHaveTextContent(BOOKING_UPDATE_MARKER);
  });

  it('shows table syntax as text: the assistant writes no tables, and the page ships no table parser', () => {
    const container = renderMarkdown('| Service | Price |\n|---|---|\n| Cut | $30 |');
    expect(screen.queryByRole('table')).toBeNull();
    expect(container).toHaveTextContent('| Cut | $30 |');
  });

  it('links www. addresses and e-mail addresses as GitHub does', () => {
    renderMarkdown('See www.bellavista.example or write to desk@bellavista.example');
    expect(screen.getByRole('link', { name: 'www.bellavista.example' })).toHaveAttribute(
      'href',
      'http://www.bellavista.example',
    );
    expect(screen.getByRole('link', { name: 'desk@bellavista.example' })).toHaveAttribute(
      'href',
      'mailto:desk@bellavista.example',
    );
  });

  it('renders the unfinished end of a streaming reply without raw markers', () => {
    const { container } = render(<AssistantMarkdown text={"Here's what **Bella Vist"} streaming />);
    expect(container.querySelector('strong')).toHaveTextContent('Bella Vist');
    expect(container).not.toHaveTextContent('**');
  });

  it('renders a complete reply from its own text', () => {
    const container = renderMarkdown('Stars: **');
    expect(container).toHaveTextContent('Stars: **');
  });
});
