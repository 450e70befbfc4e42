/**
 * dayjs in Chinese (zh-cn: month/day names, Monday week start). Only the shell's pages show
 * dates, so this is not part of the entry: the shell imports it, and the login route does not
 * carry dayjs.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

export default dayjs;
