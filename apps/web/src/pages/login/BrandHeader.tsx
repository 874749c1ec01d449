import { AppLogo } from '../../components/AppLogo.tsx';
import styles from './Auth.module.css';

/** The app mark with a heading, on top of the login and register forms. */
export function BrandHeader({ heading, subtitle, compact }: { heading: string; subtitle: string; compact?: boolean }) {
  return (
    <header className={compact ? `${styles.brand} ${styles.compactBrand}` : styles.brand}>
      {compact ? null : (
        <span className={styles.logo}>
          <AppLogo />
        </span>
      )}
      <h1 className={styles.heading}>{heading}</h1>
      <p className={styles.subtitle}>{subtitle}</p>
    </header>
  );
}
