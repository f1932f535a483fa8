import { describe, expect, it } from 'vitest';
import { base64Payload, failureKey, knownPart, knownStatus, notaryButtons, notaryTone, pictureProblem, sizeText, STEP_PATHS } from '../notary';

describe('notaryButtons', () => {
  it('puts the next step first and cancel last, whatever order the server lists them in', () => {
    expect(notaryButtons(['cancel', 'query', 'link'])).toEqual(['link', 'query', 'cancel']);
    expect(notaryButtons(['cancel', 'push_id_card'])).toEqual(['push_id_card', 'cancel']);
  });

  it('leaves out names it has no button for', () => {
    expect(notaryButtons(['push_customer', 'delete_everything'])).toEqual(['push_customer']);
    expect(notaryButtons([])).toEqual([]);
  });

  it('sends each step to its contract call', () => {
    expect(STEP_PATHS.submit).toBe('/api/notarization/readyNotary');
    expect(STEP_PATHS.push_contract).toBe('/api/notarization/pushContractInfo');
  });
});

describe('statuses and reasons', () => {
  it('tones the end states apart from those still under way', () => {
    expect(notaryTone('notarized')).toBe('green');
    expect(notaryTone('failed')).toBe('red');
    expect(notaryTone('submitted')).toBe('sky');
    expect(notaryTone('id_pushed')).toBe('amber');
    expect(notaryTone('something_new')).toBe('slate');
  });

  it('names only statuses, parts and reasons the catalogue knows', () => {
    expect(knownStatus('contract_pushed')).toBe('contract_pushed');
    expect(knownStatus('weird')).toBe('none');
    expect(knownPart('bill_schedule')).toBe('bill_schedule');
    expect(knownPart('x_ray')).toBeNull();
    expect(failureKey('FACE_CHECK_FAILED')).toBe('FACE_CHECK_FAILED');
    expect(failureKey('SOMETHING_ELSE')).toBe('other');
  });
});

describe('pictures', () => {
  it('takes JPEG and PNG up to 1 MB', () => {
    expect(pictureProblem({ size: 1024, type: 'image/png' })).toBeNull();
    expect(pictureProblem({ size: 1024, type: 'image/gif' })).toBe('type');
    expect(pictureProblem({ size: 1024 * 1024 + 1, type: 'image/jpeg' })).toBe('size');
  });

  it('sends the payload of a data URL and reads sizes for people', () => {
    expect(base64Payload('data:image/png;base64,AAAA')).toBe('AAAA');
    expect(base64Payload('garbage')).toBe('');
    expect(sizeText(512)).toBe('512 B');
    expect(sizeText(12_345)).toBe('12.1 KB');
    expect(sizeText(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
