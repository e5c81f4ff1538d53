// iPhone and iPad: Safari cannot be asked to install, so the app says how (Share → Add to Home
// Screen). A modal <dialog>: focus moves in, Escape closes, focus returns to what opened it.
import { SimpleDialog } from '../../../components/SimpleDialog';
import './install.css';

export function IosInstallDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <SimpleDialog open={open} title="Add to Home Screen" titleId="ios-install-title" className="install-dialog" testId="ios-install" onCancel={onClose}>
      <p>Install Road Closures on this iPhone or iPad from Safari:</p>
      <ol>
        <li>Tap the <strong>Share</strong> button (the square with an arrow pointing up).</li>
        <li>Scroll down and tap <strong>Add to Home Screen</strong>.</li>
        <li>Tap <strong>Add</strong>. The app opens from its icon and keeps the closures you last looked at when there is no signal.</li>
      </ol>
      <div className="install-dialog__actions">
        <button type="button" className="nav-cta" onClick={onClose} autoFocus>OK</button>
      </div>
    </SimpleDialog>
  );
}
