import { describe, expect, it } from 'vitest';
import { roleMay, type StaffRole } from '../contract/staff-session';
import { actionFor } from './allowlist';

const roles: StaffRole[] = ['marketing', 'support'];

describe('allowlist: orders and pending points (issue 27)', () => {
  it.each([
    ['POST', '/v1/orders', 'recordOrders'],
    ['GET', '/v1/orders', 'read'],
    ['GET', '/v1/orders/ord_1', 'read'],
    ['GET', '/v1/products', 'read'],
    ['GET', '/v1/loyalties/members/COFFEE-0001/pending-points', 'read'],
    ['POST', '/v1/loyalties/members/COFFEE-0001/pending-points/lpp_1/activate', 'managePendingPoints'],
    ['POST', '/v1/loyalties/members/COFFEE-0001/pending-points/lpp_1/cancel', 'managePendingPoints'],
  ])('%s %s is %s, which both roles may do', (method, path, action) => {
    expect(actionFor(method, path)).toBe(action);
    for (const role of roles) expect(roleMay(role, actionFor(method, path)!)).toBe(true);
  });

  it.each([
    ['PUT', '/v1/orders/ord_1'],
    ['DELETE', '/v1/orders/ord_1'],
    ['POST', '/v1/orders/import'],
    ['POST', '/v1/products'],
    ['POST', '/v1/loyalties/members/COFFEE-0001/pending-points/lpp_1/balance'],
    ['GET', '/v1/loyalties/members/COFFEE-0001/pending-points/lpp_1'],
    ['POST', '/v1/loyalties/members/COFFEE-0001/pending-points/lpp_1/activate/x'],
  ])('the dashboard does not call %s %s', (method, path) => {
    expect(actionFor(method, path)).toBeUndefined();
  });
});

describe('allowlist: loyalty tiers (issue 28)', () => {
  it.each([
    ['GET', '/v1/loyalties/camp_1/tiers', 'read'],
    ['GET', '/v1/loyalties/camp_1/rewards', 'read'],
    ['GET', '/v1/rewards', 'read'],
    ['GET', '/v1/loyalties/members/COFFEE-0001/tiers/progress', 'read'],
    ['POST', '/v1/loyalties/camp_1/tiers', 'manageTiers'],
  ])('%s %s is %s', (method, path, action) => {
    expect(actionFor(method, path)).toBe(action);
  });

  it('only marketing creates tiers; the dashboard changes no reward assignment', () => {
    expect(roleMay('marketing', 'manageTiers')).toBe(true);
    expect(roleMay('support', 'manageTiers')).toBe(false);
    expect(actionFor('POST', '/v1/loyalties/camp_1/rewards')).toBeUndefined();
  });
});

describe('allowlist: programs, rewards, undo and transfers (issue 30)', () => {
  it.each([
    ['POST', '/v1/loyalties', 'managePrograms'],
    ['PUT', '/v1/loyalties/camp_1', 'managePrograms'],
    ['DELETE', '/v1/loyalties/camp_1', 'managePrograms'],
    ['POST', '/v1/rewards', 'manageRewards'],
    ['PUT', '/v1/rewards/rew_1', 'manageRewards'],
    ['POST', '/v1/rewards/rew_1/assignments', 'manageRewards'],
    ['PUT', '/v1/rewards/rew_1/assignments/rewa_1', 'manageRewards'],
    ['GET', '/v1/rewards/rew_1/assignments', 'read'],
    ['POST', '/v1/redemptions/r_1/rollback', 'undoChanges'],
    ['POST', '/v1/loyalties/members/COFFEE-0001/transactions/vtx_1/reversal', 'undoChanges'],
    ['POST', '/v1/loyalties/camp_1/members/COFFEE-0001/transfers', 'transferPoints'],
  ])('%s %s is %s', (method, path, action) => {
    expect(actionFor(method, path)).toBe(action);
  });

  it('programs and rewards are marketing’s; undoing and moving points are both roles’', () => {
    for (const action of ['managePrograms', 'manageRewards'] as const) {
      expect(roleMay('marketing', action)).toBe(true);
      expect(roleMay('support', action)).toBe(false);
    }
    for (const action of ['undoChanges', 'transferPoints'] as const) for (const role of roles) expect(roleMay(role, action)).toBe(true);
  });

  it.each([
    ['DELETE', '/v1/rewards/rew_1'],
    ['DELETE', '/v1/rewards/rew_1/assignments/rewa_1'],
    ['GET', '/v1/redemptions/r_1'],
    ['POST', '/v1/redemptions/r_1/rollback/x'],
    ['POST', '/v1/loyalties/camp_1/transfers'],
  ])('the dashboard does not call %s %s', (method, path) => {
    expect(actionFor(method, path)).toBeUndefined();
  });
});

describe('allowlist: deleting customers (issue 34)', () => {
  it.each([
    ['DELETE', '/v1/customers/cust_1'],
    ['POST', '/v1/customers/cust_1/permanent-deletion'],
  ])('%s %s is deleteCustomers, which only marketing may do', (method, path) => {
    expect(actionFor(method, path)).toBe('deleteCustomers');
    expect(roleMay('marketing', 'deleteCustomers')).toBe(true);
    expect(roleMay('support', 'deleteCustomers')).toBe(false);
  });

  it.each([
    ['POST', '/v1/customers/cust_1/permanent-deletion/x'],
    ['DELETE', '/v1/customers/cust_1/segments'],
    ['POST', '/v1/customers/importCSV'],
  ])('the dashboard does not call %s %s', (method, path) => {
    expect(actionFor(method, path)).toBeUndefined();
  });
});
