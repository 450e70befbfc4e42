/** An answer lists at most this many validation errors; `errorCount` then gives the total. */
export const MAX_LISTED_ERRORS = 50;

/** `{errors: [...]}` results keep the first MAX_LISTED_ERRORS entries and say how many there were. */
export function capErrors(result: unknown): unknown {
  if (result === null || typeof result !== 'object') return result;
  const errors = (result as { errors?: unknown }).errors;
  if (!Array.isArray(errors) || errors.length <= MAX_LISTED_ERRORS) return result;
  return { ...(result as object), errors: errors.slice(0, MAX_LISTED_ERRORS), errorCount: errors.length };
}

/** One error type for every failure the API reports; the error handler turns it into the envelope. */
export class ApiError extends Error {
  public readonly result: unknown;
  constructor(
    public readonly status: number,
    message: string,
    result: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.result = capErrors(result);
  }
}

export const badRequest = (message: string, result: unknown = null) => new ApiError(400, message, result);
export const notFound = (message = '未找到对应数据') => new ApiError(404, message);
export const forbidden = (code: string) => new ApiError(403, `没有权限：${code}`);
export const unauthorized = () => new ApiError(401, 'Token失效，请重新登录');

export const MSG = {
  notFoundRoute: '很抱歉，资源未找到!',
  accessAuth: '访问凭证无效',
  signMissing: '签名验证失败：缺少 X-Sign',
  signWrong: '签名验证失败：签名不正确',
  signStale: '签名验证失败：X-TIMESTAMP 已过期',
  bodyDecrypt: '请求体解密失败',
  bodyMustEncrypt: '请求体必须加密',
  bodyJson: '请求体不是合法的 JSON',
  bodyTooDeep: (max: number) => `请求体嵌套层级过深（最多${max}层）`,
  bodyTooManyKeys: (max: number) => `请求体字段过多（最多${max}个）`,
  paramTwice: (key: string) => `请求参数重复：${key}（同一参数不能同时出现在地址和请求体中）`,
  paramInQuery: (key: string) => `请求参数位置不正确：${key}（有请求体时参数必须全部放在请求体中）`,
  replayed: '请求重复，请刷新后重试',
  urlTooLong: '请求地址过长，请减少查询条件或改用请求体提交',
  loginFailed: '用户名或密码错误',
  userFrozen: '该用户已冻结',
  loginLocked: '登录失败次数过多，请10分钟后再试',
  tooManyRequests: '请求过于频繁，请稍后再试',
  loginOk: '登录成功',
  noData: '未找到对应数据',
  dupOk: '该值可用！',
  dupTaken: '该值不可用，系统中已存在！',
} as const;
