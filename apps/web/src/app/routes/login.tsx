import './login.css';
import { LoginForm } from '../../features/auth/components/login-form';
import { InstallBanner } from '../../features/install/components/install-banner';
import { BrandMark } from '../../components/layouts/brand-mark';

export default function LoginRoute() {
  return (
    <div className="login-page">
      <main className="login-main">
        <div className="login-card">
          {/* On a phone the hero comes after the form, so the brand heads the form instead. */}
          <div className="login-card__brand">
            <BrandMark />
          </div>
          <h1 className="login-card__title">Iniciar sesión</h1>
          <p className="login-card__subtitle">Ingresa con el correo y la contraseña de tu cuenta.</p>
          <LoginForm />
          <InstallBanner />
        </div>
      </main>
      <section className="login-hero" aria-labelledby="login-hero-title">
        <BrandMark inverted />
        <div className="login-hero__copy">
          <h2 id="login-hero-title" className="login-hero__title">
            Bienvenido a Rondín
          </h2>
          <p className="login-hero__text">
            Inventario de trampas, órdenes de inspección y cumplimiento de tu servicio de control de plagas, en un solo
            lugar.
          </p>
        </div>
        <div className="login-hero__tip">
          <span className="login-hero__tip-icon" aria-hidden="true">
            <QrIcon />
          </span>
          <p>
            <strong>Consejo:</strong> en terreno, escanea el código QR de cada trampa con la cámara de tu teléfono para
            registrar la inspección al instante.
          </p>
        </div>
      </section>
    </div>
  );
}

function QrIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <rect x="3" y="3" width="7" height="7" rx="1" />
      <rect x="14" y="3" width="7" height="7" rx="1" />
      <rect x="3" y="14" width="7" height="7" rx="1" />
      <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 20h4v-3" />
    </svg>
  );
}
