/// The export of ``Fixture`` for "anna", and of an empty profile "ben", exactly as
/// `termfit export` writes them. Update by pasting the actual output a failing test prints,
/// after checking it by eye.
enum ExpectedExport {
    static let anna = #"""
        {
          "cardSessions" : [
            {
              "activeDuration" : 290.5,
              "deckID" : "3p40paa87x90",
              "deckSource" : "https://deckofcardsapi.com",
              "draws" : [
                {
                  "code" : "AS",
                  "drawnAt" : "2025-03-01T18:00:05.250Z",
                  "exercise" : "Push-ups",
                  "position" : 1,
                  "reps" : 14
                },
                {
                  "code" : "0H",
                  "drawnAt" : "2025-03-01T18:01:10.000Z",
                  "exercise" : "Squats",
                  "position" : 2,
                  "reps" : 10
                },
                {
                  "code" : "X1",
                  "drawnAt" : "2025-03-01T18:02:00.000Z",
                  "exercise" : "Burpees",
                  "position" : 3,
                  "reps" : 20
                },
                {
                  "code" : "2S",
                  "drawnAt" : "2025-03-01T18:04:30.000Z",
                  "exercise" : "Push-ups",
                  "position" : 4,
                  "reps" : 2
                }
              ],
              "finishedAt" : "2025-03-01T18:05:00.000Z",
              "id" : "00000000-0000-0000-0000-000000000001",
              "startedAt" : "2025-03-01T18:00:00.000Z",
              "status" : "abandoned"
            }
          ],
          "dumbbellWorkouts" : [
            {
              "exercise" : "Bicep curl",
              "finishedAt" : "2025-03-02T07:36:00.000Z",
              "id" : "00000000-0000-0000-0000-000000000002",
              "sets" : [
                {
                  "finishedAt" : "2025-03-02T07:30:40.000Z",
                  "number" : 1,
                  "reps" : 10,
                  "startedAt" : "2025-03-02T07:30:00.000Z",
                  "weight" : 12
                },
                {
                  "finishedAt" : "2025-03-02T07:32:45.500Z",
                  "number" : 2,
                  "reps" : 8,
                  "restBefore" : 90,
                  "startedAt" : "2025-03-02T07:32:10.000Z",
                  "weight" : 12.5
                },
                {
                  "finishedAt" : "2025-03-02T07:35:00.000Z",
                  "number" : 3,
                  "reps" : 6,
                  "restBefore" : 89.5,
                  "startedAt" : "2025-03-02T07:34:15.000Z",
                  "weight" : 14
                }
              ],
              "startedAt" : "2025-03-02T07:30:00.000Z",
              "status" : "finished",
              "unit" : "kg"
            }
          ],
          "flashcardDecks" : [
            {
              "cards" : [
                {
                  "answer" : "correr",
                  "createdAt" : "2025-02-01T12:00:01.000Z",
                  "guid" : "N0000000000",
                  "id" : "00000000-0000-0000-0000-000000000031",
                  "prompt" : "to run",
                  "tags" : [

                  ]
                },
                {
                  "answer" : "comer",
                  "createdAt" : "2025-02-01T12:00:02.000Z",
                  "guid" : "O0000000000",
                  "id" : "00000000-0000-0000-0000-000000000032",
                  "prompt" : "to eat",
                  "tags" : [

                  ]
                },
                {
                  "answer" : "vivir",
                  "createdAt" : "2025-02-02T09:00:00.000Z",
                  "guid" : "P0000000000",
                  "id" : "00000000-0000-0000-0000-000000000033",
                  "prompt" : "to \"live\"",
                  "tags" : [

                  ]
                }
              ],
              "createdAt" : "2025-02-01T12:00:00.000Z",
              "id" : "00000000-0000-0000-0000-000000000003",
              "name" : "Spanish, verbs"
            }
          ],
          "flashcardSessions" : [
            {
              "deckID" : "00000000-0000-0000-0000-000000000003",
              "deckName" : "Spanish, verbs",
              "finishedAt" : "2025-03-03T20:01:40.000Z",
              "id" : "00000000-0000-0000-0000-000000000004",
              "reviews" : [
                {
                  "cardID" : "00000000-0000-0000-0000-000000000031",
                  "grade" : "good",
                  "id" : "00000000-0000-0000-0000-000000000041",
                  "isCram" : false,
                  "reviewedAt" : "2025-03-03T20:00:04.000Z"
                },
                {
                  "cardID" : "00000000-0000-0000-0000-000000000032",
                  "grade" : "again",
                  "id" : "00000000-0000-0000-0000-000000000042",
                  "isCram" : false,
                  "reviewedAt" : "2025-03-03T20:00:09.000Z"
                },
                {
                  "cardID" : "00000000-0000-0000-0000-000000000033",
                  "grade" : "good",
                  "id" : "00000000-0000-0000-0000-000000000043",
                  "isCram" : false,
                  "reviewedAt" : "2025-03-03T20:00:15.000Z"
                }
              ],
              "startedAt" : "2025-03-03T20:00:00.000Z",
              "status" : "finished"
            }
          ],
          "format" : "termfit-profile",
          "hiitSessions" : [
            {
              "completed" : true,
              "duration" : 30,
              "exercise" : "Squat",
              "id" : "00000000-0000-0000-0000-000000000005",
              "rating" : 4,
              "startedAt" : "2025-03-04T06:45:00.000Z"
            },
            {
              "completed" : false,
              "duration" : 12.5,
              "exercise" : "Step up",
              "id" : "00000000-0000-0000-0000-000000000006",
              "startedAt" : "2025-03-04T06:46:00.000Z"
            }
          ],
          "profile" : "anna",
          "settings" : {
            "cards.server" : "https://deckofcardsapi.com",
            "cards.suitExercises" : {
              "C" : "Lunges",
              "D" : "Sit-ups",
              "H" : "Squats",
              "S" : "Push-ups"
            },
            "display.reducedMotion" : true,
            "dumbbells.restPresetSeconds" : [
              60,
              90,
              120
            ]
          },
          "version" : 2
        }

        """#

    static let empty = #"""
        {
          "cardSessions" : [

          ],
          "dumbbellWorkouts" : [

          ],
          "flashcardDecks" : [

          ],
          "flashcardSessions" : [

          ],
          "format" : "termfit-profile",
          "hiitSessions" : [

          ],
          "profile" : "ben",
          "settings" : {

          },
          "version" : 2
        }

        """#
}
