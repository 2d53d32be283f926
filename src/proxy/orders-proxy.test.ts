import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFixture } from '../../test/support/order-fixture';
import { startTestProxy, type ProxyClient, type TestProxy } from '../../test/support/proxy';
import { startTestService, type TestService } from '../../test/support/service';

/**
 * Issue 27 through the proxy: both staff roles record paid orders (Events page), read a customer's
 * orders and a card's pending points, and activate or cancel them (member page). On orderFixture,
 * Auto Club holds 2 points per 1.00 of mugs for 14 days (Alice: AUTO-ALICE).
 */
describe('dashboard proxy: orders and pending points', () => {
  let service: TestService;
  let proxy: TestProxy;
  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    service = await startTestService('pglite', orderFixture());
    proxy = await startTestProxy(service);
  });
  afterAll(async () => {
    await proxy.close();
    await service.close();
  });

  async function recordMugOrder(client: ProxyClient): Promise<{ id: string }> {
    const response = await client.fetch('/api/v1/orders', { method: 'POST', headers: json, body: JSON.stringify({ customer: { source_id: 'alice' }, status: 'PAID', items: [{ product_id: 'prod_fixturemug', quantity: 1, price: 1500 }] }) });
    expect(response.status).toBe(200);
    return (await response.json()) as { id: string };
  }

  async function pendingOf(client: ProxyClient, orderId: string): Promise<{ id: string; points: number }> {
    const response = await client.fetch('/api/v1/loyalties/members/AUTO-ALICE/pending-points?limit=100&order=-id');
    expect(response.status).toBe(200);
    const list = (await response.json()) as { data: { id: string; order_id: string; points: number }[] };
    const found = list.data.find((p) => p.order_id === orderId);
    expect(found).toBeDefined();
    return found!;
  }

  it.each(['support', 'marketing'] as const)('lets %s record an order, list orders and products, and activate and cancel pending points', async (role) => {
    const client = await proxy.signedIn(role);
    expect((await client.fetch('/api/v1/products?limit=100')).status).toBe(200);

    const first = await recordMugOrder(client);
    expect((await client.fetch(`/api/v1/orders/${first.id}`)).status).toBe(200);
    const orders = await client.fetch('/api/v1/orders?customer=alice&limit=5&order=-created_at');
    expect(orders.status).toBe(200);
    expect(((await orders.json()) as { orders: { id: string }[] }).orders.map((o) => o.id)).toContain(first.id);

    const held = await pendingOf(client, first.id);
    expect(held.points).toBe(30);
    const activated = await client.fetch(`/api/v1/loyalties/members/AUTO-ALICE/pending-points/${held.id}/activate`, { method: 'POST', headers: json, body: '{}' });
    expect(activated.status).toBe(200);
    expect(await activated.json()).toMatchObject({ points: 30, type: 'loyalty_card' });

    const second = await recordMugOrder(client);
    const toCancel = await pendingOf(client, second.id);
    const cancelled = await client.fetch(`/api/v1/loyalties/members/AUTO-ALICE/pending-points/${toCancel.id}/cancel`, { method: 'POST', headers: json, body: JSON.stringify({ reason: 'Mug returned' }) });
    expect(cancelled.status).toBe(204);
  });

  it('does not forward order calls the dashboard does not make', async () => {
    const client = await proxy.signedIn('support');
    const order = await recordMugOrder(client);
    const update = await client.fetch(`/api/v1/orders/${order.id}`, { method: 'PUT', headers: json, body: JSON.stringify({ status: 'CANCELED' }) });
    expect(update.status).toBe(404);
    expect(await update.json()).toMatchObject({ key: 'not_found' });
  });
});
