-- How long a trend's period is: date_trunc's unit as an interval ('quarter' is not one).
CREATE OR REPLACE FUNCTION rondin_trend_step(p_interval text) RETURNS interval
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_interval WHEN 'week' THEN interval '1 week' WHEN 'month' THEN interval '1 month'
                         WHEN 'quarter' THEN interval '3 months' ELSE interval '1 year' END
$$;
