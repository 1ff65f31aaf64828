// Asks <base>/api/health every <everyMs> until SIGTERM, then prints {latencies, failures} as JSON:
// a process of its own, so the stalls of the process that drives the load do not count as the app's.
const [base, everyMs] = process.argv.slice(2);
const latencies = [];
let failures = 0;
let running = true;
process.on('SIGTERM', () => {
  running = false;
});
while (running) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    if (response.ok) latencies.push(performance.now() - started);
    else failures += 1;
  } catch {
    failures += 1;
  }
  await new Promise((resolve) => setTimeout(resolve, Number(everyMs)));
}
process.stdout.write(JSON.stringify({ latencies, failures }));
