-- Issue 38: filled by its part (hand-written; drizzle-kit's snapshot is refreshed when the parts are joined).
SELECT 1;
