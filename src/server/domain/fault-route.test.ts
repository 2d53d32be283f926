import { describe, expect, it } from 'vitest';
import { faultAimsAt, isFaultProof, routeKeyOf } from './fault-route';

describe('fault routes', () => {
  it('makes one key of the reference\'s and the router\'s templates, whatever the parameters are called', () => {
    expect(routeKeyOf('/v1/loyalties/{campaignId}/members')).toBe('/v1/loyalties/{}/members');
    expect(routeKeyOf('/v1/loyalties/:id/members/')).toBe('/v1/loyalties/{}/members');
    expect(routeKeyOf('/v1/loyalties/members')).toBe('/v1/loyalties/members');
    expect(routeKeyOf('/')).toBe('/');
  });

  it('aims at a method and a route, or every one of either; GET covers HEAD', () => {
    const members = routeKeyOf('/v1/loyalties/{id}/members');
    expect(faultAimsAt({ method: null, path: null }, 'DELETE', members)).toBe(true);
    expect(faultAimsAt({ method: 'POST', path: members }, 'POST', members)).toBe(true);
    expect(faultAimsAt({ method: 'POST', path: members }, 'GET', members)).toBe(false);
    expect(faultAimsAt({ method: 'GET', path: members }, 'HEAD', members)).toBe(true);
    expect(faultAimsAt({ method: null, path: members }, 'GET', '/v1/loyalties')).toBe(false);
  });

  it('spares the local controls', () => {
    expect(isFaultProof('/_local/faults')).toBe(true);
    expect(isFaultProof('/v1/customers')).toBe(false);
  });
});
