import { describe, expect, it } from 'vitest';
import { statusColor, timeColor, updatedText } from '../../src/client/pages/monitor/SystemMonitor';

describe('系统监控 display rules', () => {
  it('colours request times and statuses', () => {
    expect([120, 600, 1200, 2000].map(timeColor)).toEqual(['green', 'cyan', 'orange', 'red']);
    expect([101, 200, 302, 401, 404, 503].map(statusColor)).toEqual(['pink', 'green', 'cyan', 'orange', 'red', 'default']);
  });
  it('shows the update time in Chinese units', () => {
    expect(updatedText('2026-11-25 09:05:07')).toBe('2026年11月25日 09时05分07秒');
  });
});
