// Applies the stored (or system) theme before the first paint, so dark mode never flashes white.
(() => {
  try {
    const stored = localStorage.getItem('theme');
    const dark =
      stored === 'dark' ||
      (stored !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // Storage can be blocked; the light theme is a fine default.
  }
})();
