import TermUI

#if canImport(Glibc)
    import Glibc
#endif

/// The operations the renderer needs from ncurses. The real one calls the library; tests use a
/// recording fake, so colour-pair allocation, attribute mapping and flushing are tested without a
/// terminal.
public protocol CursesSeam: AnyObject {
    /// Defines colour pair `pair`; `-1` is the terminal's default colour. Returns `false` on failure.
    func defineColorPair(_ pair: Int, foreground: Int, background: Int) -> Bool

    /// Puts one cell at (row, column): `text` is the glyph's scalars followed by a 0.
    func putCell(_ text: UnsafePointer<wchar_t>, row: Int, column: Int, attributes: Attributes, pair: Int)

    /// Sends everything put since the last call to the terminal (one `doupdate()`).
    func update()

    /// Makes the next `update()` repaint the whole screen (after a resume or when the screen was
    /// disturbed).
    func invalidate()

    /// Blanks the whole screen buffer (not the terminal), so that a frame drawn from scratch only
    /// needs the cells that are not blank.
    func erase()

    /// Tells the library the terminal now has `size`.
    func resize(to size: Size)
}
