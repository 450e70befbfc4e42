/**
 * A list's coloured dictionary tags as plain markup. antd's Tag is a component with three style
 * hooks (the tag's own, its preset colours', its status colours') and a context read per tag; a
 * page of ten rows draws about forty, a tenth of the fibers its rows commit renders. A table
 * (TagStyles) registers those styles once, for the theme in force, and its cells draw the
 * element antd's Tag draws: the same class names and inline colour, so what a user sees is antd's.
 * Outside a TagStyles (a detail view, a picker) a cell draws antd's Tag itself.
 */
import { createContext, useContext, useMemo, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { ConfigProvider, Tag, theme } from 'antd';
import classNames from 'classnames';
import { isPresetColor, isPresetStatusColor } from 'antd/es/_util/colors';
import useTagStyle from 'antd/es/tag/style';
import PresetStyles from 'antd/es/tag/style/presetCmp';
import StatusStyles from 'antd/es/tag/style/statusCmp';

interface TagClasses {
  prefix: string;
  /** ConfigProvider's `tag` class and style. */
  contextClass?: string;
  contextStyle?: CSSProperties;
  /** hashId and cssVarCls of the theme in force. */
  themeClass: string;
}

const TagClassContext = createContext<TagClasses | null>(null);

/**
 * Registers antd Tag's styles once for the cells below (the hooks antd's Tag calls: a theme
 * chosen in the settings has no static stylesheet) and lets them draw light tags. The classes
 * come from the theme in force as antd's public hook gives them: the same module as antd's
 * Tag in every build, where the style hooks' own module may be a copy (CommonJS in tests).
 */
export function TagStyles({ children }: { children: ReactNode }) {
  const { getPrefixCls, tag } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('tag');
  const [, , cssVarCls] = useTagStyle(prefix);
  const { hashId } = theme.useToken();
  const value = useMemo<TagClasses>(
    () => ({ prefix, contextClass: tag?.className, contextStyle: tag?.style, themeClass: classNames(hashId, cssVarCls) }),
    [prefix, hashId, cssVarCls, tag?.className, tag?.style],
  );
  return (
    <TagClassContext.Provider value={value}>
      <PresetStyles prefixCls={prefix} />
      <StatusStyles prefixCls={prefix} />
      {children}
    </TagClassContext.Provider>
  );
}

/** The classes of the table's tags, or null outside a TagStyles (read once per cell). */
export function useTagClasses(): TagClasses | null {
  return useContext(TagClassContext);
}

/** One tag: antd Tag's element under `classes`, antd's Tag without them. */
export function lightTag(classes: TagClasses | null, key: string, color: string | undefined, style: CSSProperties, children: ReactNode): ReactElement {
  if (!classes) return <Tag key={key} color={color} style={style}>{children}</Tag>;
  const { prefix, contextClass, contextStyle, themeClass } = classes;
  const internal = isPresetColor(color) || isPresetStatusColor(color);
  // antd Tag's class order: prefix, context class, colour classes, then hashId and cssVarCls
  const className = classNames(prefix, contextClass, {
    [`${prefix}-${color}`]: internal,
    [`${prefix}-has-color`]: color && !internal,
  }, themeClass);
  return (
    <span key={key} className={className} style={{ backgroundColor: color && !internal ? color : undefined, ...contextStyle, ...style }}>
      {children}
    </span>
  );
}
