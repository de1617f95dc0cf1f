extension PostgresSchema {
    /// Migration 3: `kiosk_change` also takes an order of several juices with the prompt's
    /// restock, so that it too is one message: `p_restock_fruits` and `p_restock_amounts`
    /// list the additions, in the order they are made, before the juices are taken.
    ///
    /// Beside what ``changeFunction`` does, the function:
    /// - refuses (answers `refused`) when an addition would lift a fruit above its max,
    ///   however much the juices then take (`quantity + added <= maximum`);
    /// - writes one `add` adjustment per addition, under the order's id, from the level
    ///   before the order to that level plus the amount;
    /// - answers a replayed order with the moves its sales recorded (the additions' own
    ///   rows are in the ledger, not in the answer).
    static let ordersFunction = """
        DROP FUNCTION kiosk_change(uuid, text, text, text[], text[], text[], bigint[], bigint[], text[], bigint[],
            integer[], text[], bigint[]);

        CREATE FUNCTION kiosk_change(
            p_id uuid, p_kiosk text, p_kind text, p_menu text[],
            p_fruits text[], p_modes text[], p_amounts bigint[], p_ceilings bigint[],
            p_juices text[], p_counts bigint[], p_used_sale integer[], p_used_fruit text[], p_used_amount bigint[],
            p_restock_fruits text[], p_restock_amounts bigint[])
        RETURNS TABLE (
            r_fruit text, r_quantity bigint, r_maximum bigint, r_revision bigint, r_outcome text,
            r_old bigint, r_new bigint)
        LANGUAGE plpgsql AS $change$
        DECLARE
            v_sound boolean;
            v_fruits text[];
            v_old bigint[];
            v_new bigint[];
            v_notice text;
        BEGIN
            -- The commit does not wait for the disk (or the standby) while it holds the row
            -- locks; the barrier kiosk sends behind it waits instead.
            PERFORM set_config('synchronous_commit', 'off', true);
            PERFORM 1 FROM stock s WHERE s.fruit = ANY (p_fruits) ORDER BY s.fruit FOR UPDATE;
            -- Looked for once the locks are held: a first attempt still running holds them.
            IF (p_kind = 'order' AND EXISTS (SELECT 1 FROM sale WHERE sale.order_id = p_id))
                OR (p_kind <> 'order' AND EXISTS (SELECT 1 FROM stock_adjustment a WHERE a.change_id = p_id))
            THEN
                RETURN QUERY
                SELECT s.fruit, s.quantity, s.maximum, s.revision, 'replayed'::text, d.old, d.new
                FROM stock s LEFT JOIN (
                    SELECT DISTINCT f.fruit, f.old, f.new
                    FROM sale JOIN sale_fruit f ON f.sale_id = sale.id WHERE sale.order_id = p_id
                    UNION ALL
                    SELECT a.fruit, a.old, a.new FROM stock_adjustment a WHERE a.change_id = p_id AND p_kind <> 'order'
                ) d ON d.fruit = s.fruit;
                RETURN;
            END IF;

            SELECT count(*) = cardinality(p_menu)
                AND coalesce(bool_and(s.quantity IS NOT NULL AND s.maximum IS NOT NULL AND s.maximum >= 1
                    AND s.quantity BETWEEN 0 AND s.maximum AND s.revision IS NOT NULL), true)
            INTO v_sound FROM stock s WHERE s.fruit = ANY (p_menu);
            IF v_sound THEN
                SELECT count(*) = cardinality(p_fruits)
                    AND coalesce(bool_and(o.new BETWEEN 0 AND o.maximum AND o.ceiling <= o.maximum
                        AND o.old + o.added <= o.maximum), true),
                    array_agg(o.fruit ORDER BY o.fruit) FILTER (WHERE o.new <> o.old),
                    array_agg(o.old ORDER BY o.fruit) FILTER (WHERE o.new <> o.old),
                    array_agg(o.new ORDER BY o.fruit) FILTER (WHERE o.new <> o.old)
                INTO v_sound, v_fruits, v_old, v_new
                FROM (
                    SELECT s.fruit, s.quantity AS old, s.maximum, p.ceiling, coalesce(r.added, 0) AS added,
                        CASE p.mode WHEN 'fill' THEN s.maximum WHEN 'set' THEN p.amount ELSE s.quantity + p.amount END
                            AS new
                    FROM unnest(p_fruits, p_modes, p_amounts, p_ceilings) AS p(fruit, mode, amount, ceiling)
                    JOIN stock s ON s.fruit = p.fruit
                    LEFT JOIN (
                        SELECT a.fruit, sum(a.amount) AS added
                        FROM unnest(p_restock_fruits, p_restock_amounts) AS a(fruit, amount) GROUP BY a.fruit
                    ) r ON r.fruit = p.fruit
                ) o;
            END IF;
            IF NOT v_sound THEN
                RETURN QUERY
                SELECT s.fruit, s.quantity, s.maximum, s.revision, 'refused'::text, NULL::bigint, NULL::bigint
                FROM stock s;
                RETURN;
            END IF;

            IF cardinality(p_restock_fruits) > 0 THEN
                -- Read before the levels move: each addition from the level before the order.
                INSERT INTO stock_adjustment (kiosk, fruit, reason, old, new, change_id)
                SELECT p_kiosk, a.fruit, 'add', s.quantity, s.quantity + a.amount, p_id
                FROM unnest(p_restock_fruits, p_restock_amounts) WITH ORDINALITY AS a(fruit, amount, position)
                JOIN stock s ON s.fruit = a.fruit
                ORDER BY a.position;
            END IF;
            UPDATE stock s SET quantity = c.new, revision = s.revision + 1
            FROM unnest(v_fruits, v_new) AS c(fruit, new) WHERE s.fruit = c.fruit;
            IF p_kind = 'order' THEN
                WITH sold AS (
                    INSERT INTO sale (kiosk, juice, count, order_id)
                    SELECT p_kiosk, j.juice, j.count, p_id FROM unnest(p_juices, p_counts) AS j(juice, count)
                    RETURNING sale.id, sale.juice
                )
                INSERT INTO sale_fruit (sale_id, fruit, amount, old, new)
                SELECT sold.id, u.fruit, u.amount, c.old, c.new
                FROM unnest(p_used_sale, p_used_fruit, p_used_amount) AS u(sale, fruit, amount)
                JOIN unnest(p_juices) WITH ORDINALITY AS j(juice, position) ON j.position = u.sale
                JOIN sold ON sold.juice = j.juice
                LEFT JOIN unnest(v_fruits, v_old, v_new) AS c(fruit, old, new) ON c.fruit = u.fruit;
            ELSE
                INSERT INTO stock_adjustment (kiosk, fruit, reason, old, new, change_id)
                SELECT p_kiosk, c.fruit, p_kind, c.old, c.new, p_id
                FROM unnest(v_fruits, v_old, v_new) AS c(fruit, old, new);
            END IF;
            IF v_fruits IS NOT NULL THEN
                SELECT p_kiosk || string_agg(E'\\n' || s.fruit || ' ' || c.old || ' ' || c.new || ' ' || s.revision, ''
                    ORDER BY s.fruit)
                INTO v_notice
                FROM unnest(v_fruits, v_old, v_new) AS c(fruit, old, new) JOIN stock s ON s.fruit = c.fruit;
                PERFORM pg_notify('kiosk_stock', v_notice);
            END IF;
            RETURN QUERY
            SELECT s.fruit, s.quantity, s.maximum, s.revision, 'applied'::text, c.old, c.new
            FROM stock s LEFT JOIN unnest(v_fruits, v_old, v_new) AS c(fruit, old, new) ON c.fruit = s.fruit;
        END
        $change$;
        """
}
