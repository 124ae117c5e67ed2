-- Trigram indexes on product and category names (fuzzy and substring search) need pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
