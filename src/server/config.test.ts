import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig: SHUTDOWN_TIMEOUT_SECONDS', () => {
  it('defaults to 10 s and takes fractions of a second', () => {
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '2.5' }).shutdownTimeoutMs).toBe(2_500);
  });

  it.each(['0', '-1', 'soon', '3601'])('stops on %j with a message naming the variable', (value) => {
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: value })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS/);
  });
});

describe('loadConfig: WEBHOOK_PRIVATE_TARGETS', () => {
  it('is auto unless set (the entry point decides: allowed for the embedded demo only), and takes allow and refuse', () => {
    expect(loadConfig({}).webhookPrivateTargets).toBe('auto');
    expect(loadConfig({ WEBHOOK_PRIVATE_TARGETS: 'allow' }).webhookPrivateTargets).toBe('allow');
    expect(loadConfig({ WEBHOOK_PRIVATE_TARGETS: 'refuse' }).webhookPrivateTargets).toBe('refuse');
  });

  it.each(['yes', 'on', ''])('stops on %j with a message naming the variable', (value) => {
    expect(() => loadConfig({ WEBHOOK_PRIVATE_TARGETS: value })).toThrow(/WEBHOOK_PRIVATE_TARGETS/);
  });
});

describe('loadConfig: WEBHOOK_WORKER and WEBHOOK_WORKER_NICE', () => {
  it('is auto at nice 10 unless set, and takes process, thread and off, and 0 to 19', () => {
    expect(loadConfig({})).toMatchObject({ webhookWorker: 'thread', webhookWorkerNice: 10 });
    for (const mode of ['auto', 'process', 'thread', 'off'] as const) expect(loadConfig({ WEBHOOK_WORKER: mode }).webhookWorker).toBe(mode);
    expect(loadConfig({ WEBHOOK_WORKER_NICE: '19' }).webhookWorkerNice).toBe(19);
  });

  it.each([['WEBHOOK_WORKER', 'child'], ['WEBHOOK_WORKER_NICE', '20'], ['WEBHOOK_WORKER_NICE', '-1']])('stops on %s=%j with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});
