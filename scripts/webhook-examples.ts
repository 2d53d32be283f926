import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { webhookEventTypeOf } from '../src/contract/webhook-fire';
import { readReference } from '../test/support/reference';

/**
 * The payload examples of the contract's webhooks (promotion/webhooks.json), by event type, as the
 * service ships them: what POST /_local/webhooks/fire fills with the project's own objects
 * (domain/fired-webhook-payload.ts). The service cannot read ../shared at run time, so they are
 * kept in the repository; `webhook-examples.test.ts` holds the file to the contract.
 * Run `npx tsx scripts/webhook-examples.ts` after the contract changes.
 */
export const webhookExamplesFile = fileURLToPath(new URL('../src/server/domain/webhook-examples.json', import.meta.url));

export function webhookExamplesText(): string {
  const webhooks = readReference<{ webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { examples: Record<string, { value: unknown }> } } } } }> }>('promotion/webhooks.json').webhooks;
  const lines = Object.entries(webhooks).map(([name, webhook]) => {
    const [example] = Object.values(webhook.post.requestBody.content['application/json'].examples);
    return `  ${JSON.stringify(webhookEventTypeOf(name))}: ${JSON.stringify(example.value)}`;
  });
  return `{\n${lines.join(',\n')}\n}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(webhookExamplesFile, webhookExamplesText());
