// Applied before the first paint so a dark theme never flashes light.
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
} catch {
  // Storage refused (private mode): the light theme it is.
}
