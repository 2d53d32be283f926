import type { Page } from '@playwright/test';

/**
 * Every response the browser receives, as text (URL, headers, body), so a spec can prove that no key
 * or password ever reaches the page. A response that arrives as the page closes is recorded with
 * what could still be read, instead of failing the test from an unawaited listener.
 */
export function recordResponses(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', async (response) => {
    const headers = await response.allHeaders().then((all) => JSON.stringify(all)).catch(() => '');
    const body = await response.body().then((b) => b.toString('latin1')).catch(() => '');
    seen.push(`${response.url()}\n${headers}\n${body}`);
  });
  return seen;
}
