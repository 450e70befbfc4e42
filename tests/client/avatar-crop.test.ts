import { describe, expect, it } from 'vitest';
import { clampOffset, cropRect } from '../../src/client/pages/account/cropGeometry';

describe('avatar crop geometry', () => {
  it('at zoom 1 takes the centred square of the shorter side', () => {
    expect(cropRect({ width: 400, height: 200 }, 1, { x: 0, y: 0 })).toEqual({ x: 100, y: 0, size: 200 });
    expect(cropRect({ width: 300, height: 600 }, 1, { x: 0, y: 0 })).toEqual({ x: 0, y: 150, size: 300 });
  });

  it('zoom 2 takes half the side, centred, and the offset moves it', () => {
    expect(cropRect({ width: 400, height: 400 }, 2, { x: 0, y: 0 })).toEqual({ x: 100, y: 100, size: 200 });
    expect(cropRect({ width: 400, height: 400 }, 2, { x: -40, y: 60 })).toEqual({ x: 60, y: 160, size: 200 });
  });

  it('never leaves the image: the offset is clamped to the edges', () => {
    expect(cropRect({ width: 400, height: 400 }, 2, { x: 500, y: -500 })).toEqual({ x: 200, y: 0, size: 200 });
    expect(cropRect({ width: 400, height: 200 }, 1, { x: 0, y: 30 })).toEqual({ x: 100, y: 0, size: 200 });
    expect(clampOffset({ width: 400, height: 200 }, 1, { x: -999, y: 5 })).toEqual({ x: -100, y: 0 });
  });

  it('keeps the zoom between 1 and 4', () => {
    expect(cropRect({ width: 400, height: 400 }, 0.5, { x: 0, y: 0 })).toEqual({ x: 0, y: 0, size: 400 });
    expect(cropRect({ width: 400, height: 400 }, 10, { x: 0, y: 0 })).toEqual({ x: 150, y: 150, size: 100 });
  });
});
