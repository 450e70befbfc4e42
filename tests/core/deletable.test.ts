/** `states.deletable`: the states a record may be deleted in, apart from those it may be edited in. */
import { describe, expect, it } from 'vitest';
import { deletableInState, editableInState } from '../../src/core/projections/access';
import type { ResourceSchema } from '../../src/core/schema/types';

const states = (extra: Partial<NonNullable<ResourceSchema['states']>>) => ({ states: { field: 'status', transitions: [{ action: 'publish', title: '发布', from: ['1'], to: '2' }], ...extra } }) as Pick<ResourceSchema, 'states'>;

describe('deletableInState', () => {
  it('a published page stays editable but is deleted only once offline or as a draft', () => {
    const s = states({ deletable: ['1', '3'] });
    expect(['1', '2', '3'].map((v) => editableInState(s, { status: v }))).toEqual([true, true, true]);
    expect(['1', '2', '3'].map((v) => deletableInState(s, { status: v }))).toEqual([true, false, true]);
  });
  it('without deletable, deletes follow editable (and every state without either)', () => {
    expect(deletableInState(states({ editable: ['1'] }), { status: '2' })).toBe(false);
    expect(deletableInState(states({ editable: ['1'] }), { status: '1' })).toBe(true);
    expect(deletableInState(states({}), { status: '9' })).toBe(true);
  });
});
