/** One error type for every failure the API reports; the error handler turns it into the envelope. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly result: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
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
  loginFailed: '用户名或密码错误',
  loginLocked: '登录失败次数过多，请10分钟后再试',
  loginOk: '登录成功',
  noData: '未找到对应数据',
  dupOk: '该值可用！',
  dupTaken: '该值不可用，系统中已存在！',
} as const;
