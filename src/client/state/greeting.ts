/** Greeting periods of (JeecgBoot timeFix). */
export function timeFix(date: Date = new Date()): string {
  const hour = date.getHours();
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}
