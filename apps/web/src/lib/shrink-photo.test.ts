import { describe, expect, it } from 'vitest';
import { fitWithin } from './shrink-photo';

describe('fitWithin', () => {
  it("brings a camera's photo down to 1,600 px on its longest side, keeping its shape", () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  });

  it('leaves a photo that already fits as it is', () => {
    expect(fitWithin(1280, 720)).toEqual({ width: 1280, height: 720 });
    expect(fitWithin(1600, 1600)).toEqual({ width: 1600, height: 1600 });
  });

  it('never gives a side of zero pixels, however long and thin the picture', () => {
    expect(fitWithin(20000, 3)).toEqual({ width: 1600, height: 1 });
  });
});
