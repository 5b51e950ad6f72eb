import * as C from '@/lib/constants';

describe('business constants', () => {
  it('match spec 000 §9 / 001 §9', () => {
    expect(C.QUERY_STALE_TIME_MS).toBe(300000);
    expect(C.PAGE_SIZE_OPTIONS).toEqual([5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000]);
    expect(C.GRID_PAGE_SIZE_OPTIONS).toEqual([50, 100, 200]);
    expect(C.DEFAULT_PAGE_SIZE).toBe(50);
    expect(C.HEALTH_HISTORY_PAGE_SIZE).toBe(50);
    expect(C.JOB_HISTORY_PAGE_SIZE).toBe(150);
    expect(C.CHECK_GRAPH_COUNT).toBe(300);
    expect(C.RECENT_TIME_RANGES_LIMIT).toBe(4);
    expect(C.CHANGES_RECURSION_DEPTH).toBe(5);
    expect(C.RELATED_CONFIGS_RECURSION_DEPTH).toBe(10);
    expect(C.NIL_AGENT_ID).toBe('00000000-0000-0000-0000-000000000000');
    expect([C.SIDEBAR_WIDTH_EXPANDED, C.SIDEBAR_WIDTH_COLLAPSED]).toEqual([56, 14]);
    expect([C.CARD_WIDTH_MIN, C.CARD_WIDTH_MAX, C.CARD_WIDTH_STEP, C.CARD_WIDTH_DEFAULT]).toEqual([
      250, 768, 2, 554,
    ]);
    expect(C.FRONTEND_VERSION).toBe('1.0.873');
    expect(C.DEFAULT_DATETIME_FORMAT).toBe('timestamp');
    expect(C.DEFAULT_TIMEZONE).toBe('Browser');
  });
  it('has the debounce constants of 001 §5', () => {
    expect(C.SEARCH_DEBOUNCE_MS).toBe(400);
    expect(C.INCIDENT_LOOKUP_DEBOUNCE_MS).toBe(100);
    expect(C.HYPOTHESIS_LOOKUP_DEBOUNCE_MS).toBe(100);
    expect(C.RESOURCE_SEARCH_DEBOUNCE_MS).toBe(300);
  });
});
