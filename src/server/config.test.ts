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
