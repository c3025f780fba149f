/** Under DATABASE_URL each test worker gets a database named with this prefix and its pool id. */
export const TEST_DATABASE_PREFIX = 'rondin_test_';
