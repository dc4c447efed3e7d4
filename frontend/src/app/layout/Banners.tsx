import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppInfo } from '@/lib/appInfo';

type BannerKind = 'errorMessage' | 'successMessage' | 'warningMessage';
const BANNER_KINDS: BannerKind[] = ['errorMessage', 'successMessage', 'warningMessage'];

/** Maintenance banner, and errorMessage / successMessage / warningMessage query parameters as banners. */
export function Banners() {
  const [params, setParams] = useSearchParams();
  const [banners, setBanners] = useState<{ kind: BannerKind; text: string }[]>([]);
  const appInfo = useAppInfo();

  useEffect(() => {
    const found = BANNER_KINDS.flatMap((kind) => {
      const text = params.get(kind);
      return text ? [{ kind, text }] : [];
    });
    if (!found.length) return;
    setBanners((current) => [...current, ...found]);
    const next = new URLSearchParams(params);
    for (const kind of BANNER_KINDS) next.delete(kind);
    setParams(next, { replace: true });
  }, [params, setParams]);

  const maintenance = appInfo.data?.appInfo.maintenanceMode;
  if (!maintenance && !banners.length) return null;
  return (
    <div className="banners">
      {maintenance ? (
        <div className="banner banner--warning" role="alert" data-testid="maintenance-banner">
          {appInfo.data?.appInfo.maintenanceMessage || 'Cairn is undergoing maintenance. Some features may be unavailable.'}
        </div>
      ) : null}
      {banners.map((banner, index) => (
        <div
          key={`${banner.kind}-${index}`}
          className={`banner banner--${banner.kind === 'errorMessage' ? 'error' : banner.kind === 'successMessage' ? 'success' : 'warning'}`}
          role={banner.kind === 'errorMessage' ? 'alert' : 'status'}
        >
          <span>{banner.text}</span>
          <button
            type="button"
            className="icon-button"
            aria-label="Dismiss"
            onClick={() => setBanners((current) => current.filter((_, i) => i !== index))}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
