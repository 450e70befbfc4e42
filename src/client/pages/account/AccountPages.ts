/**
 * 个人中心 and 个人设置 in one lazy chunk. They only ever render inside the shell, so this chunk
 * names the shell as its dependency: the modules the shell and these pages share then stay in
 * the shell's chunks instead of being split into new shared chunks that every route would load.
 */
export { default as AccountCenter } from './AccountCenter';
export { default as AccountSettings } from './AccountSettings';
export { default as ShellModule } from '../../shell/Shell';
