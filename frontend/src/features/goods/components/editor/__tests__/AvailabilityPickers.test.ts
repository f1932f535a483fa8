import { describe, expect, it } from 'vitest';
import { withGone } from '../AvailabilityPickers';

describe('withGone', () => {
  const offered = [
    { value: 1, label: '东区', userText: true },
    { value: 2, label: '西区', userText: true },
  ];

  it('lists the offer, then what the goods hold that is no longer offered, marked gone', () => {
    expect(withGone(offered, [2, 7], (id) => `#${id} 已停用`)).toEqual([...offered, { value: 7, label: '#7 已停用', gone: true }]);
  });

  it('lists the offer alone when every held value is offered', () => {
    expect(withGone(offered, [1], String)).toEqual(offered);
  });

  it('lists nothing until the offer loads', () => {
    expect(withGone(undefined, [7], String)).toEqual([]);
  });
});
