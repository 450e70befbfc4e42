/**
 * Parts provided by a parallel module (shell/notice, shell/dialogs): looked up with
 * import.meta.glob so the shell builds (and renders nothing in their place) while a module
 * does not exist yet; each loads lazily in its own chunk.
 */
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

type Mod = Record<string, unknown>;

const notice = import.meta.glob<Mod>('./notice/index.{ts,tsx}');
const dialogs = import.meta.glob<Mod>('./dialogs/index.{ts,tsx}');

const Nothing = () => null;

class Quiet extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function optional<P extends object>(mods: Record<string, () => Promise<Mod>>, name: string): ComponentType<P> {
  const loader = Object.values(mods)[0];
  if (!loader) return Nothing;
  const Lazy = lazy(() =>
    loader().then((m) => ({ default: (typeof m[name] === 'function' || typeof m[name] === 'object' ? m[name] : Nothing) as ComponentType<any> })), // eslint-disable-line @typescript-eslint/no-explicit-any
  );
  function Optional(props: P) {
    return (
      <Quiet>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </Quiet>
    );
  }
  Optional.displayName = `Optional(${name})`;
  return Optional;
}

export const hasNotice = Object.keys(notice).length > 0;
export const hasDialogs = Object.keys(dialogs).length > 0;

export const NoticeBell = optional<object>(notice, 'NoticeBell');
export const ChangePasswordModal = optional<{ open: boolean; onClose: () => void }>(dialogs, 'ChangePasswordModal');
export const OrgSwitch = optional<object>(dialogs, 'OrgSwitch');
export const DepartPicker = optional<{ open: boolean; onClose: () => void }>(dialogs, 'DepartPicker');
export const ForcedPasswordWatcher = optional<object>(dialogs, 'ForcedPasswordWatcher');
