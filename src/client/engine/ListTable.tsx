/**
 * The list's table card: title and toolbar, the selection bar, then an antd Table.
 * It draws what the list used from ProTable (title, toolbar buttons, 刷新, 已选择 bar, card)
 * on antd's own Table: ProTable and the pro-form/pro-field/pro-utils it brings were a third
 * of a list page's JavaScript for a table rendered through `render` with `search={false}`.
 */
import { cloneElement, isValidElement, useContext, useEffect, useState, type HTMLAttributes, type Key, type ReactElement, type ReactNode } from 'react';
import { Button, ConfigProvider, Space, Table, Tooltip, theme, type CheckboxProps, type TableProps } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { TagStyles } from './lightTag';
import { afterNextPaint } from './afterPaint';

export interface ListTableProps<T> extends Omit<TableProps<T>, 'title'> {
  /** Shown left of the toolbar (the module's title). */
  headerTitle: ReactNode;
  /** Toolbar items, right of the title (falsy items are skipped). */
  toolbar: ReactNode[];
  /** 刷新 button at the end of the toolbar. */
  onReload: () => void;
  /** The 已选择 bar above the table while rows are selected. */
  selectedKeys?: Key[];
  onClearSelection?: () => void;
  /** Until the first rows have painted: the toolbar's place is kept, its buttons come after. */
  toolbarPending?: boolean;
}

export const LIST_TEXTS = { reload: '刷新', selected: (n: number) => `已选择 ${n} 项`, clear: '取消选择' } as const;

/**
 * rc-table measures the scroll bar on every mount, to pad a fixed header: a style
 * recalculation and a forced layout of the whole page (10-25 ms on a list page). Its `tailor`
 * flag (what antd's virtual table sets) skips that measure and, with a scroll.x that is no
 * number, changes nothing else (rc-table Table.js); a table without a fixed header sets it.
 */
function skipScrollbarMeasure<T>(table: TableProps<T>): object {
  return table.scroll?.y === undefined && !table.sticky && typeof table.scroll?.x !== 'number' ? { tailor: true } : {};
}

/**
 * With a horizontal scroll, rc-table's body starts with a row that measures every column's
 * width in a layout effect (for the offsets of fixed columns): a forced layout of the whole page
 * and a second render of the table, both before the first rows can paint. The first paint gets
 * a still row of the same markup instead (each column's title at zero height, which is what
 * sets the columns' widths), so the layout does not move when rc-table's own row replaces it
 * once the rows have painted; at scrollLeft 0 a fixed column already sits where the measured
 * offset will put it.
 * rc-table passes the body two children: its measuring row (or false), then the rows.
 */
interface MeasureRowProps { prefixCls: string; columnsKey: Key[]; columns: { key?: Key; title?: ReactNode }[] }

function StillMeasureRow({ prefixCls, columnsKey, columns }: MeasureRowProps) {
  return (
    <tr aria-hidden="true" className={`${prefixCls}-measure-row`} tabIndex={-1}>
      {columnsKey.map((key) => {
        const title = columns.find((c) => c.key === key)?.title;
        return (
          <th key={key} className={`${prefixCls}-measure-cell`}>
            <div className={`${prefixCls}-measure-cell-content`}>{(isValidElement(title) ? cloneElement(title, { ref: null } as object) : title) || '\u00a0'}</div>
          </th>
        );
      })}
    </tr>
  );
}

function MeasureAfterPaintBody({ children, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  const [measure, setMeasure] = useState(false);
  // once the rows have painted
  useEffect(() => (measure ? undefined : afterNextPaint(() => setMeasure(true))), [measure]);
  const [measureRow, rows] = Array.isArray(children) ? (children as [ReactNode, ReactNode]) : [null, children];
  const still = !measure && isValidElement<MeasureRowProps>(measureRow) ? <StillMeasureRow {...measureRow.props} /> : null;
  return <tbody {...props}>{measure ? measureRow : still}{rows}</tbody>;
}
const BODY = { body: { wrapper: MeasureAfterPaintBody } };

type RenderCell = (checked: boolean, record: unknown, index: number, node: ReactNode) => ReactNode;

/**
 * A row's selection checkbox as plain markup: antd Checkbox's own elements and class names
 * (its styles are in the page with the header's select-all Checkbox), fed antd's own
 * handlers from the node the table would have drawn, so a click, Space or Shift+click
 * select exactly as before. The antd component is a component tree with style hooks per
 * row; ten rows of it were a tenth of the fibers a list's rows commit renders.
 */
function lightCheckbox(prefix: string, wave: string, hashId: string): RenderCell {
  return (checked, _record, _index, node) => {
    if (!isValidElement(node)) return node;
    const p = (node as ReactElement<CheckboxProps>).props;
    if (p.indeterminate || p.disabled) return node;
    const on = checked ? ` ${prefix}-wrapper-checked` : '';
    return (
      <label className={`${prefix}-wrapper${on} ${hashId}`}>
        <span className={`${prefix} ${wave}-target ${hashId}${checked ? ` ${prefix}-checked` : ''}`}>
          <input className={`${prefix}-input`} type="checkbox" checked={checked}
            onClick={p.onClick as never} onChange={p.onChange as never} />
          <span className={`${prefix}-inner`} />
        </span>
      </label>
    );
  };
}

export function ListTable<T extends object>({ headerTitle, toolbar, onReload, selectedKeys, onClearSelection, toolbarPending, ...table }: ListTableProps<T>) {
  const { token, hashId } = theme.useToken();
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const rowSelection: TableProps<T>['rowSelection'] = table.rowSelection && !table.rowSelection.renderCell && table.rowSelection.type !== 'radio'
    ? { ...table.rowSelection, renderCell: lightCheckbox(getPrefixCls('checkbox'), getPrefixCls('wave'), hashId) }
    : table.rowSelection;
  return (
    <div
      className="resource-table-card"
      style={{
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        paddingInline: token.paddingLG,
      }}
    >
      <div className="resource-table-toolbar" style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: token.marginSM, paddingBlock: token.padding }}>
        <div className="resource-table-title" style={{ flex: '1 1 auto', fontSize: token.fontSizeLG, fontWeight: 500, color: token.colorTextHeading }}>
          {headerTitle}
        </div>
        {toolbarPending ? <div style={{ height: token.controlHeight }} /> : (
          <Space wrap size={token.marginXS}>
            {toolbar.filter(Boolean)}
            <Tooltip title={LIST_TEXTS.reload}>
              <Button type="text" aria-label={LIST_TEXTS.reload} icon={<ReloadOutlined />} onClick={onReload} />
            </Tooltip>
          </Space>
        )}
      </div>
      {selectedKeys && selectedKeys.length > 0 ? (
        <div
          className="resource-table-alert"
          style={{
            marginBottom: token.margin,
            paddingBlock: token.paddingSM,
            paddingInline: token.paddingLG,
            borderRadius: token.borderRadius,
            background: token.colorFillQuaternary,
            color: token.colorTextTertiary,
          }}
        >
          <Space>
            <span>{LIST_TEXTS.selected(selectedKeys.length)}</span>
            <a onClick={onClearSelection}>{LIST_TEXTS.clear}</a>
          </Space>
        </div>
      ) : null}
      <TagStyles>
        <Table<T> components={BODY} {...table} rowSelection={rowSelection} {...skipScrollbarMeasure(table)} />
      </TagStyles>
    </div>
  );
}
