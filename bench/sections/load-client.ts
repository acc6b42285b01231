import autocannon from 'autocannon';

/**
 * Runs one autocannon load in its own process, so that the load generator's HTTP work does not share
 * the server's event loop: a browser or an API client never does.
 */
process.once('message', async (options: autocannon.Options) => {
  const result = await autocannon(options);
  process.send!(result, () => process.exit(0));
});
