//! A bar chart of time ratios as a standalone SVG document: a bar per
//! (algorithm, graph), a line at 1, the geometric mean in the title.

use std::fmt::Write as _;

/// One bar: its label and the ratio it shows.
pub struct Bar {
    /// What was measured, e.g. `bfs on kron`.
    pub label: String,
    /// The ratio (positive).
    pub ratio: f64,
}

/// The geometric mean of the ratios (1 for none).
pub fn geometric_mean(bars: &[Bar]) -> f64 {
    if bars.is_empty() {
        return 1.0;
    }
    (bars.iter().map(|b| b.ratio.ln()).sum::<f64>() / bars.len() as f64).exp()
}

/// Escapes text for an SVG text node or attribute.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The chart: horizontal bars, `what` naming the ratio (`ours / reference`);
/// bars above 1 are drawn in a second colour.
pub fn svg(what: &str, bars: &[Bar]) -> String {
    const LABEL_W: f64 = 260.0;
    const PLOT_W: f64 = 440.0;
    const BAR_H: f64 = 18.0;
    const GAP: f64 = 6.0;
    const TOP: f64 = 44.0;
    let max = bars.iter().map(|b| b.ratio).fold(1.0, f64::max) * 1.1;
    let x = |r: f64| LABEL_W + r / max * PLOT_W;
    let height = TOP + bars.len() as f64 * (BAR_H + GAP) + 30.0;
    let width = LABEL_W + PLOT_W + 70.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="10" y="20" font-size="14">{} (geometric mean {:.2}x over {} bars)</text>"#,
        escape(what),
        geometric_mean(bars),
        bars.len()
    );
    for (i, b) in bars.iter().enumerate() {
        let y = TOP + i as f64 * (BAR_H + GAP);
        let colour = if b.ratio > 1.0 { "#d9534f" } else { "#5b9bd5" };
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
            LABEL_W - 8.0,
            y + BAR_H - 5.0,
            escape(&b.label)
        );
        let _ = writeln!(
            out,
            r#"<rect x="{LABEL_W}" y="{y:.1}" width="{:.1}" height="{BAR_H}" fill="{colour}"/>"#,
            x(b.ratio) - LABEL_W
        );
        let _ = writeln!(out, r#"<text x="{:.1}" y="{:.1}">{:.2}x</text>"#, x(b.ratio) + 4.0, y + BAR_H - 5.0, b.ratio);
    }
    let bottom = TOP + bars.len() as f64 * (BAR_H + GAP);
    let _ = writeln!(
        out,
        r#"<line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{2:.1}" stroke="black" stroke-dasharray="4 3"/>"#,
        x(1.0),
        TOP - 6.0,
        bottom
    );
    let _ = writeln!(out, r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">1</text>"#, x(1.0), bottom + 16.0);
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_labels_and_the_mean() {
        let bars =
            vec![Bar { label: "bfs on kron".into(), ratio: 2.0 }, Bar { label: "tc on <grid>".into(), ratio: 0.5 }];
        assert!((geometric_mean(&bars) - 1.0).abs() < 1e-12);
        let s = svg("ours / GAPBS", &bars);
        assert!(s.starts_with("<svg") && s.trim_end().ends_with("</svg>"));
        assert!(s.contains("geometric mean 1.00x over 2 bars"));
        assert!(s.contains("tc on &lt;grid&gt;") && s.contains("2.00x") && s.contains("0.50x"));
        assert_eq!(s.matches("<rect").count(), 3);
    }
}
