import TermUI
import Testing

@Suite struct ClockTextTests {
    @Test func minutesAndSecondsThenHours() {
        #expect(ClockText.elapsed(0) == "0:00")
        #expect(ClockText.elapsed(5) == "0:05")
        #expect(ClockText.elapsed(59) == "0:59")
        #expect(ClockText.elapsed(754) == "12:34")
        #expect(ClockText.elapsed(3599) == "59:59")
        #expect(ClockText.elapsed(3723) == "1:02:03")
        #expect(ClockText.elapsed(-4) == "0:00")
    }
}
