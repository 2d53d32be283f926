import { describe, expect, it } from 'vitest';
import { transferPointsRequestSchema } from '../../../../contract/points-transfer';
import { emptyTransferForm, otherCard, placeTransferError, transferFormSchema, transferRequest } from './transfer-form';

describe('moving points to a card', () => {
  it('asks for a card, whole points and a reason', () => {
    const issues = transferFormSchema.safeParse({ ...emptyTransferForm, points: '0' }).error?.issues.map((i) => i.path.join('.'));
    expect(issues).toEqual(['from', 'points', 'reason']);
    expect(transferFormSchema.safeParse({ from: otherCard, otherCode: ' ', points: '5', reason: 'x' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['otherCode']);
  });

  it('sends the contract’s transfer from the card chosen or typed', () => {
    expect(transferPointsRequestSchema.parse(transferRequest({ from: 'CARD-1', otherCode: '', points: '40', reason: ' Card lost ' }))).toEqual([{ code: 'CARD-1', points: 40, reason: 'Card lost' }]);
    expect(transferRequest({ from: otherCard, otherCode: ' CARD-9 ', points: '1', reason: 'merge' })[0].code).toBe('CARD-9');
  });

  it('places refusals beside the field they concern', () => {
    const typed = { from: otherCard, otherCode: 'NOPE', points: '5', reason: 'x' };
    expect(placeTransferError({ code: 404, key: 'not_found', message: 'x', resource_type: 'voucher', resource_id: 'NOPE' }, typed)).toEqual({ field: 'otherCode', text: 'No card has this code.' });
    expect(placeTransferError({ code: 400, key: 'loyalty_card_points_exceeded', message: 'x' }, typed).field).toBe('points');
    expect(placeTransferError({ code: 400, key: 'missing_customer', message: 'x' }, { ...typed, from: 'CARD-1' }).field).toBe('from');
  });
});
