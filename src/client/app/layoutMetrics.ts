/**
 * The shell's frame sizes (px). Here rather than in the shell chunk: notices, which the login
 * page also shows, open below the header.
 */
export const SIDER_WIDTH = 200;
export const SIDER_COLLAPSED_WIDTH = 80;
export const HEADER_HEIGHT = 64;
/** The menu row of the top-menu layout. */
export const TOP_MENU_HEIGHT = 48;
