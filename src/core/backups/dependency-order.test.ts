import { describe, expect, it } from 'vitest';
import { dependencyOrder } from './dependency-order.ts';

describe('dependencyOrder', () => {
  it('puts every table after the tables it references, ties by name', () => {
    expect(
      dependencyOrder(
        ['sessions', 'users', 'points', 'members', 'audit_log'],
        [
          { from: 'sessions', to: 'users' },
          { from: 'points', to: 'members' },
          { from: 'points', to: 'users' },
          { from: 'members', to: 'users' },
        ],
      ),
    ).toEqual(['audit_log', 'users', 'members', 'points', 'sessions']);
  });

  it('leaves a reference to the table itself to its rows, and ignores tables outside the list', () => {
    expect(
      dependencyOrder(
        ['points', 'members'],
        [
          { from: 'points', to: 'points' },
          { from: 'points', to: 'members' },
          { from: 'members', to: 'elsewhere' },
        ],
      ),
    ).toEqual(['members', 'points']);
  });

  it('refuses a cycle', () => {
    expect(() =>
      dependencyOrder(
        ['a', 'b'],
        [
          { from: 'a', to: 'b' },
          { from: 'b', to: 'a' },
        ],
      ),
    ).toThrow('These tables reference each other in a cycle: a, b');
  });
});
