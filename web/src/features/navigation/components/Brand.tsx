import { Link } from 'react-router-dom';

export function BrandMark({ size = 30 }: { size?: number }) {
  // A diamond warning sign with a barrier: reads as "road closure" at favicon size.
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="4.7" y="4.7" width="22.6" height="22.6" rx="3" transform="rotate(45 16 16)" fill="#f8b84a" stroke="#0f2f4f" strokeWidth="1.6" />
      <rect x="9" y="14" width="14" height="4.6" rx="1" fill="#0f2f4f" />
      <path d="M11 14h2.6l-2.2 4.6H9zM16.2 14h2.6l-2.2 4.6h-2.6zM21.4 14H23v1.4l-1.5 3.2H19z" fill="#fff" />
    </svg>
  );
}

export function Brand() {
  return (
    <Link to="/" className="brand" aria-label="Road Closures, home">
      <BrandMark />
      <span className="brand__text">Road Closures</span>
    </Link>
  );
}
