// The page frame of the peers that draw the question with RJSF's own templates (the naive stack and
// RJSF alone): the product's header and main column, with none of its links or focus handling.
import type { ReactNode } from 'react';

export function PlainFrame({ brand, children }: { brand: ReactNode; children: ReactNode }) {
  return (
    <>
      <header className="header">
        <div className="header__inner">
          <span className="header__brand">{brand}</span>
        </div>
      </header>
      <div className="width-container page-body">
        <main className="main" id="main-content">
          {children}
        </main>
      </div>
    </>
  );
}
