import './user-menu.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { avatarLetter } from '../utils/avatar-letter';
import { useAuth } from './auth-provider';
import { ChangePasswordDialog } from './change-password-dialog';

export function UserMenu() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  function signOut() {
    setOpen(false);
    logout();
    void navigate('/login', { replace: true });
  }

  return (
    <div className="user-menu" ref={container}>
      <button
        ref={trigger}
        type="button"
        className="user-menu__trigger"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Menú de usuario"
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar" aria-hidden="true">
          {avatarLetter(user)}
        </span>
      </button>
      {open ? (
        <div id={panelId} className="user-menu__panel">
          <div className="user-menu__identity">
            <span className="avatar avatar--large" aria-hidden="true">
              {avatarLetter(user)}
            </span>
            <div>
              <p className="user-menu__name">{user?.fullName?.trim() || 'Usuario sin nombre'}</p>
              <p className="user-menu__email">{user?.email?.trim() || 'Sin correo registrado'}</p>
            </div>
          </div>
          <div className="user-menu__actions">
            <button
              type="button"
              className="menu-item"
              disabled={!user}
              onClick={() => {
                setOpen(false);
                setChangingPassword(true);
              }}
            >
              Cambiar contraseña
            </button>
            {user?.role === 'CLIENTE' ? null : (
              <button
                type="button"
                className="menu-item"
                disabled={!user}
                onClick={() => {
                  setOpen(false);
                  void navigate(user?.role === 'ADMIN' ? '/admin/signature' : '/tech/signature');
                }}
              >
                Mi firma
              </button>
            )}
            <button type="button" className="menu-item menu-item--danger" onClick={signOut}>
              Cerrar sesión
            </button>
          </div>
        </div>
      ) : null}
      {changingPassword ? (
        <ChangePasswordDialog onClose={() => setChangingPassword(false)} returnFocusTo={trigger} />
      ) : null}
    </div>
  );
}
