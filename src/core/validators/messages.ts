/** Chinese messages of the format rules, shared by the client's Formily rules and the server's validator. */
export const MESSAGES = {
  phone: '手机号码格式不正确!',
  phoneRequired: '请输入手机号码!',
  idcard: '身份证号码格式不正确!',
  idcardRequired: '请输入身份证号码!',
  url: '请输入以 http:// 或 https:// 开头的网址',
  email: '邮箱格式不正确',
  password: '密码由大写字母、小写字母、数字和特殊符号组成，且不少于10位!',
  date: '请填写有效的日期（YYYY-MM-DD）',
  datetime: '请填写有效的日期时间（YYYY-MM-DD HH:mm:ss）',
  time: '请填写有效的时间（HH:mm:ss）',
} as const;
