import { useState } from 'react';
import './integration-icon.css';

/** An integration's icon from the public icon store, with a lettered fallback. */
export function IntegrationIcon({ src, name, size = 32 }: { src?: string | null; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className="integration-icon integration-icon--fallback" style={{ width: size, height: size }} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      className="integration-icon"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
